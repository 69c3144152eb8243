// The state the islands share, as signals: one copy per visit, in the shared chunk with React
// (mount.ts imports it), so every island that wakes reads and writes the same values.
//
// - `valoresVisiveis`: amounts shown or hidden. It starts as the server drew the page (the
//   `valores-ocultos` class on <html>, from the cookie) and keeps that class in step, so the
//   server's amounts (CSS) and every island's own (charts' labels and tooltips) flip together.
// - `naoLidas`: the unread notifications. It starts from the header's counter and redraws it,
//   so reading a notification in its modal lowers the header's number (and the 'Não lidos' tab's,
//   marked `data-nao-lidas`) without a reload.
import { effect, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

const root = document.documentElement;

/** What an amount says while values are hidden, as the server's mask. */
export const MASK = 'R$ •••••';

export const valoresVisiveis = signal(!root.classList.contains('valores-ocultos'));
effect(() => {
  root.classList.toggle('valores-ocultos', !valoresVisiveis.value);
});

/** Whether amounts are shown, for a component that redraws when the header's toggle flips. */
export function useValoresVisiveis(): boolean {
  useSignals();
  return valoresVisiveis.value;
}

/** The header's counter: its first text node is the number (an `.sr-only` span says what). */
function counter(): { badge: HTMLElement; number: Text } | null {
  const badge = document.querySelector<HTMLElement>('.link-notificacoes .contador');
  const number = badge?.firstChild;
  return badge && number instanceof Text ? { badge, number } : null;
}

const drawn = counter();
export const naoLidas = signal(drawn ? Number.parseInt(drawn.number.data, 10) || 0 : 0);
effect(() => {
  const n = naoLidas.value;
  const c = counter();
  if (c) {
    c.number.data = String(n);
    c.badge.hidden = n <= 0;
  }
  // The 'Não lidos' tab's own count on the notifications page follows too.
  document.querySelectorAll<HTMLElement>('[data-nao-lidas]').forEach((el) => {
    el.textContent = String(n);
  });
});
