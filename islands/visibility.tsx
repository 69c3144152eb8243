// "Ocultar valores" / "Mostrar valores": hides money amounts on every page and in every island.
//
// Server fallback: `<form method="post" action="/visibilidade">` with a hidden `voltar` input and
// a submit button with `aria-pressed`; the cookie keeps the choice across pages. The island wakes
// with the first press (it sits in the header of every page, and React must not come before the
// investor asks for anything): the submit becomes a fetch with `Accept: application/json`, the
// server answers `{"visivel": bool}` and sets its cookie, and the shared `valoresVisiveis` signal
// flips every amount at once: the server's (the class on <html>) and the islands' own (charts).
import { useRef, useState } from 'react';
import type { VisibilityProps } from './generated/props';
import { useValoresVisiveis, valoresVisiveis } from './estado';
import { island } from './mount';
import { withOverlay } from './overlay';

/** The fallback form's hidden fields (`voltar`, and any the server adds), posted as they were. */
type Props = VisibilityProps & { hidden: [string, string][]; className: string };

function Visibility({ action, hideLabel, showLabel, shownStatus, hiddenStatus, hidden, className }: Props) {
  const visible = useValoresVisiveis();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const form = useRef<HTMLFormElement>(null);

  async function toggle(): Promise<void> {
    const el = form.current;
    if (!el || busy) return;
    setBusy(true);
    try {
      const res = await withOverlay(
        fetch(el.action, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams(new FormData(el) as unknown as Record<string, string>),
        }),
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = (await res.json()) as { visivel?: unknown };
      const now = data.visivel === true;
      valoresVisiveis.value = now;
      setStatus(now ? shownStatus : hiddenStatus);
    } catch {
      // The plain form still works: submit it the old way.
      el.submit();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      className={className}
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        void toggle();
      }}
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className="botao botao-icone" type="submit" aria-pressed={!visible} aria-busy={busy || undefined}>
        {visible ? hideLabel : showLabel}
      </button>
      <span className="sr-only" role="status">
        {status}
      </span>
    </form>
  );
}

export const mount = island(Visibility, (el) => ({
  hidden: Array.from(el.querySelectorAll<HTMLInputElement>('input[type="hidden"]')).map((i) => [i.name, i.value]),
  className: el.querySelector('form')?.className ?? '',
}));
