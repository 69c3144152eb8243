// The global loading overlay: the server renders `<div id="carregando" hidden>` once per page;
// islands call `showOverlay()` / `hideOverlay()` (or `withOverlay(promise)`) around slow work.
// Calls nest; the overlay only appears after a short delay so quick requests do not flash.

const DELAY_MS = 250;
let depth = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function overlay(): HTMLElement | null {
  return document.getElementById('carregando');
}

export function showOverlay(): void {
  depth += 1;
  if (depth > 1) return;
  timer = setTimeout(() => {
    const el = overlay();
    if (el) el.hidden = false;
    document.body.setAttribute('aria-busy', 'true');
  }, DELAY_MS);
}

export function hideOverlay(): void {
  if (depth === 0) return;
  depth -= 1;
  if (depth > 0) return;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const el = overlay();
  if (el) el.hidden = true;
  document.body.removeAttribute('aria-busy');
}

export async function withOverlay<T>(work: Promise<T>): Promise<T> {
  showOverlay();
  try {
    return await work;
  } finally {
    hideOverlay();
  }
}
