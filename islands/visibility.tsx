// "Ocultar valores" / "Mostrar valores": hides money amounts on every page.
// Server fallback: `<form method="post" action="/visibilidade">` with a hidden `csrf` input and a
// submit button. The island reads the fallback form (action + hidden inputs) before replacing it,
// then POSTs the same form body with `Accept: application/json`; the server answers
// `{"visivel": bool}` and the island toggles `valores-ocultos` on `<html>`.
// Props (all optional; the fallback fills the gaps): {"visible": boolean, "action": "/visibilidade"}.
import { useState } from 'react';
import { island } from './mount';
import { withOverlay } from './overlay';

export interface VisibilityProps {
  visible?: boolean;
  action?: string;
  fields?: [string, string][];
  /** The fallback button's classes, so the island looks the same. */
  buttonClass?: string;
}

function fromFallback(el: HTMLElement): VisibilityProps {
  const form = el.querySelector('form');
  const fields: [string, string][] = [];
  if (form) {
    form.querySelectorAll<HTMLInputElement>('input[type="hidden"]').forEach((input) => {
      if (input.name) fields.push([input.name, input.value]);
    });
  }
  return {
    visible: !document.documentElement.classList.contains('valores-ocultos'),
    action: form?.getAttribute('action') || '/visibilidade',
    fields,
    buttonClass: form?.querySelector('button')?.className || undefined,
  };
}

export default function Visibility({
  visible = true,
  action = '/visibilidade',
  fields = [],
  buttonClass = 'botao botao-icone',
}: VisibilityProps) {
  const [shown, setShown] = useState(visible);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setError(false);
    const body = new URLSearchParams();
    for (const [name, value] of fields) if (name !== 'visivel') body.append(name, value);
    body.append('visivel', String(!shown));
    try {
      const res = await withOverlay(
        fetch(action, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          body,
        }),
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data: unknown = await res.json();
      const next =
        data && typeof data === 'object' && typeof (data as { visivel?: unknown }).visivel === 'boolean'
          ? (data as { visivel: boolean }).visivel
          : !shown;
      document.documentElement.classList.toggle('valores-ocultos', !next);
      setShown(next);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={buttonClass} aria-pressed={!shown} onClick={toggle} aria-busy={busy || undefined}>
        {shown ? 'Ocultar valores' : 'Mostrar valores'}
      </button>
      {error && (
        <span className="erro-inline" role="alert">
          Não foi possível alterar. Tente novamente.
        </span>
      )}
    </>
  );
}

export const mount = island(Visibility, fromFallback);
