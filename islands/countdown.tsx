// The time left to a deadline, beside the date and time the server wrote ("28/11/2026 às
// 10:30", which is the whole picture without JS and until the investor touches the page). Read
// as a duration, never as a time of day: "faltam 40 dias e 13 h", "faltam 2 h 05 min", and in
// the last hour "faltam 12 min 05 s". The text changes no more often than it reads: once a
// minute, every second only in the last hour. Screen readers hear the time left in words at most
// once a minute, and focus is never touched.
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CountdownProps } from './generated/props';
import { island } from './mount';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
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

/** "faltam 40 dias e 13 h", "faltam 2 h 05 min", "faltam 12 min 05 s". */
export function formatLeft(ms: number): string {
  const p = parts(ms);
  if (ms >= DAY) {
    const days = `${p.days} ${p.days === 1 ? 'dia' : 'dias'}`;
    if (p.hours) return `faltam ${days} e ${p.hours} h`;
    return `${p.days === 1 ? 'falta' : 'faltam'} ${days}`;
  }
  if (ms >= HOUR) return `faltam ${p.hours} h ${pad(p.minutes)} min`;
  return `faltam ${p.minutes} min ${pad(p.seconds)} s`;
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
export const ANNOUNCE_EVERY_MS = MINUTE;

/** When the visible text next changes: on the minute, or on the second in the last hour. */
function nextTick(remaining: number): number {
  const step = remaining > HOUR ? MINUTE : 1000;
  return (remaining % step) + 5;
}

type Props = CountdownProps & { dateText: string };

function Countdown({ deadline, finishedText, dateText }: Props) {
  const end = Date.parse(deadline);
  const wordsAt = (t: number): string => (!Number.isFinite(end) || end <= t ? finishedText : formatWords(end - t));
  const [now, setNow] = useState(() => Date.now());
  // The words are there from the start (read, not announced); later ones wait until a minute
  // has passed since the last.
  const [spoken, setSpoken] = useState(() => wordsAt(now));
  const said = useRef({ words: spoken, at: now });
  const remaining = end - now;
  const over = !Number.isFinite(end) || remaining <= 0;

  // Each tick schedules the next from the timer itself and commits at once (flushSync), so the
  // text changes when the clock says, however the page's timers are run.
  useEffect(() => {
    if (!Number.isFinite(end)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (): void => {
      const t = Date.now();
      const words = wordsAt(t);
      flushSync(() => {
        setNow(t);
        if (words !== said.current.words && t - said.current.at >= ANNOUNCE_EVERY_MS) {
          said.current = { words, at: t };
          setSpoken(words);
        }
      });
      // After the end, one more tick may still be owed to the screen reader.
      if (t < end || words !== said.current.words) timer = setTimeout(tick, t < end ? nextTick(end - t) : 1000);
    };
    timer = setTimeout(tick, nextTick(Math.max(0, end - Date.now())));
    return () => clearTimeout(timer);
    // `wordsAt` reads only `end` and the props' text: the timer needs nothing else.
  }, [end]);

  return (
    <>
      <time className={over ? 'contagem contagem--encerrada' : 'contagem'} dateTime={deadline}>
        {over ? finishedText : dateText}
      </time>
      {!over && (
        <span className="contagem-restante" aria-hidden="true">
          {' '}
          ({formatLeft(remaining)})
        </span>
      )}
      {/* Over: no longer a timer, but still a live region, so the end is heard once. */}
      <span className="sr-only" role={over ? undefined : 'timer'} aria-live="polite" aria-atomic="true">
        {spoken}
      </span>
    </>
  );
}

export const mount = island(Countdown, (el) => ({ dateText: el.querySelector('time')?.textContent ?? '' }));
