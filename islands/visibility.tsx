// "Ocultar valores" / "Mostrar valores": hides money amounts on every page.
//
// This island is on every logged-in page (it lives in the header), so it is plain DOM code with
// no React: it enhances the server's form instead of replacing it, and costs about 1 KB.
// Server fallback: `<form method="post" action="/visibilidade">` with a hidden `voltar` input and
// a submit button with `aria-pressed`. With JS the submit becomes a fetch with
// `Accept: application/json`; the server answers `{"visivel": bool}` and we toggle
// `valores-ocultos` on `<html>`, so every amount flips without a reload.
import type { VisibilityProps } from './generated/props';
import { withOverlay } from './overlay';

const LABEL_HIDE = 'Ocultar valores';
const LABEL_SHOW = 'Mostrar valores';

export function mount(el: HTMLElement, _props: VisibilityProps): void {
  const form = el.querySelector('form');
  const button = form?.querySelector('button');
  if (!form || !button) return;
  const hidden = document.documentElement.classList.contains('valores-ocultos');
  button.setAttribute('aria-pressed', hidden ? 'true' : 'false');
  const status = document.createElement('span');
  status.className = 'sr-only';
  status.setAttribute('role', 'status');
  form.appendChild(status);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      const res = await withOverlay(
        fetch(form.action, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        }),
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = (await res.json()) as { visivel?: unknown };
      const visible = data.visivel === true;
      document.documentElement.classList.toggle('valores-ocultos', !visible);
      button.textContent = visible ? LABEL_HIDE : LABEL_SHOW;
      button.setAttribute('aria-pressed', visible ? 'false' : 'true');
      status.textContent = visible ? 'Valores visíveis.' : 'Valores ocultos.';
    } catch {
      // The plain form still works: submit it the old way.
      form.submit();
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
