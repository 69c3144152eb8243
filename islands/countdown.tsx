// Live countdown to a deadline. Server fallback: the deadline as text ("22/11/2026 às 18:00").
import { useEffect, useState } from 'react';
import type { CountdownProps } from './generated/props';
import { island } from './mount';

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

export default function Countdown({ deadline, finishedText = 'Encerrado' }: CountdownProps) {
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  const remaining = end - now;
  const finished = !Number.isFinite(end) || remaining <= 0;

  useEffect(() => {
    if (finished) return undefined;
    // Tick on the second boundary of the remaining time.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      timer = setTimeout(tick, ((end - t) % 1000) + 5);
    };
    timer = setTimeout(tick, (remaining % 1000) + 5);
    return () => clearTimeout(timer);
  }, [end, finished]); // eslint-disable-line react-hooks/exhaustive-deps

  if (finished) {
    return <span className="contagem contagem--encerrada">{Number.isFinite(end) ? finishedText : deadline}</span>;
  }
  // The label changes once a minute, so screen readers are not flooded every second.
  return (
    <span className="contagem" role="timer" aria-label={formatWords(remaining)}>
      {formatClock(remaining)}
    </span>
  );
}

export const mount = island(Countdown);
