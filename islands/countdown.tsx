// Live countdown to a deadline. Server fallback: the deadline as text ("22/11/2026 às 18:00").
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

export function mount(el: HTMLElement, { deadline, finishedText = 'Encerrado' }: CountdownProps): void {
  const end = Date.parse(deadline);
  const span = document.createElement('span');
  el.replaceChildren(span);

  function finish(): void {
    span.className = 'contagem contagem--encerrada';
    span.removeAttribute('role');
    span.removeAttribute('aria-label');
    span.textContent = Number.isFinite(end) ? finishedText : deadline;
  }

  // Ticks on the second boundary of the remaining time.
  function tick(): void {
    const remaining = end - Date.now();
    if (!Number.isFinite(end) || remaining <= 0) {
      finish();
      return;
    }
    span.className = 'contagem';
    span.setAttribute('role', 'timer');
    span.textContent = formatClock(remaining);
    // The label changes once a minute, so screen readers are not flooded every second.
    const words = formatWords(remaining);
    if (span.getAttribute('aria-label') !== words) span.setAttribute('aria-label', words);
    setTimeout(tick, (remaining % 1000) + 5);
  }
  tick();
}
