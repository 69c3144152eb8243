// Live countdown to a deadline. Server fallback: the deadline as text ("22/11/2026 às 18:00").
// The clock ticks every second for the eye; screen readers hear the time left in words at most
// once a minute, and focus is never touched.
//
// Plain DOM, no React: it sits on the home page and the offering page, which load nothing but
// the loader and their tiny islands before the investor interacts.
import type { CountdownProps } from './generated/props';

const pad = (n: number): string => String(n).padStart(2, '0');

function parts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "2d 03:14:07" or "03:14:07". */
export function formatClock(ms: number): string {
  const p = parts(ms);
  const clock = `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
  return p.days > 0 ? `${p.days}d ${clock}` : clock;
}

function unit(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Faltam 2 dias, 3 horas e 14 minutos" (minute precision; under a minute: "menos de 1 minuto"). */
export function formatWords(ms: number): string {
  const p = parts(ms);
  const items: string[] = [];
  if (p.days > 0) items.push(unit(p.days, 'dia', 'dias'));
  if (p.hours > 0) items.push(unit(p.hours, 'hora', 'horas'));
  if (p.minutes > 0) items.push(unit(p.minutes, 'minuto', 'minutos'));
  if (items.length === 0) return 'Falta menos de 1 minuto';
  const last = items.pop() as string;
  const text = items.length ? `${items.join(', ')} e ${last}` : last;
  const singular = items.length === 0 && /^1 /.test(last);
  return `${singular ? 'Falta' : 'Faltam'} ${text}`;
}

/** A screen reader hears the time left at most this often. */
export const ANNOUNCE_EVERY_MS = 60_000;

export function mount(el: HTMLElement, { deadline, finishedText = 'Encerrado' }: CountdownProps): void {
  const end = Date.parse(deadline);
  // The ticking clock is for the eye only; a screen reader gets the words of a separate live
  // region (role timer, polite), rewritten at most once a minute. Nothing here ever moves focus.
  const clock = document.createElement('span');
  clock.setAttribute('aria-hidden', 'true');
  const spoken = document.createElement('span');
  spoken.className = 'sr-only';
  spoken.setAttribute('role', 'timer');
  spoken.setAttribute('aria-live', 'polite');
  spoken.setAttribute('aria-atomic', 'true');
  el.replaceChildren(clock, spoken);
  let lastSpoken = Date.now();
  let pending: ReturnType<typeof setTimeout> | undefined;

  // The first words are there from the start (read, not announced); later ones wait until a
  // minute has passed since the last.
  function say(words: string, first = false): void {
    if (spoken.textContent === words) return;
    const wait = first ? 0 : lastSpoken + ANNOUNCE_EVERY_MS - Date.now();
    if (wait > 0) {
      if (pending === undefined) {
        pending = setTimeout(() => {
          pending = undefined;
          say(current());
        }, wait);
      }
      return;
    }
    spoken.textContent = words;
    lastSpoken = Date.now();
  }

  function current(): string {
    const remaining = end - Date.now();
    if (!Number.isFinite(end)) return deadline;
    return remaining <= 0 ? finishedText : formatWords(remaining);
  }

  function finish(first: boolean): void {
    clock.className = 'contagem contagem--encerrada';
    // Over: no longer a timer, but still a live region, so the end is heard once.
    spoken.removeAttribute('role');
    clock.textContent = Number.isFinite(end) ? finishedText : deadline;
    say(current(), first);
  }

  // Ticks on the second boundary of the remaining time.
  function tick(first = false): void {
    const remaining = end - Date.now();
    if (!Number.isFinite(end) || remaining <= 0) {
      finish(first);
      return;
    }
    clock.className = 'contagem';
    clock.textContent = formatClock(remaining);
    say(formatWords(remaining), first);
    setTimeout(tick, (remaining % 1000) + 5);
  }
  tick(true);
}
