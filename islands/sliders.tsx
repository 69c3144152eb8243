// The advanced-filter sliders of /investir: a two-thumb range per filter (term, % raised,
// available amount). Each thumb is a native `<input type="range">`, so arrow keys, Page Up/Down,
// Home and End move it (the keyboard alternative to dragging that WCAG 2.2 asks for), and the
// inputs keep the names of the server's number inputs (`VencimentoDe`, `VencimentoAte`, …): the
// form submits exactly as without JS, and the server stays the one that validates. Amounts follow
// the shared show/hide flag, as every amount of the page does.
import { useState } from 'react';
import type { Slider, SliderProps } from './generated/props';
import { MASK, useValoresVisiveis } from './estado';
import { island } from './mount';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });

export function formatValue(unit: string, v: number, visible = true): string {
  if (unit === 'R$') return visible ? brl.format(v) : MASK;
  if (unit === '%') return `${v}%`;
  return `${v} ${unit}`;
}

function Range({ spec }: { spec: Slider }) {
  const visible = useValoresVisiveis();
  const [from, setFrom] = useState(spec.from);
  const [to, setTo] = useState(spec.to);
  const id = `faixa-${spec.name}`;
  return (
    <fieldset className="faixa faixa-deslizante">
      <legend>{spec.label}</legend>
      <p className="faixa-valores" aria-live="polite" id={`${id}-resumo`}>
        {formatValue(spec.unit, from, visible)} – {formatValue(spec.unit, to, visible)}
      </p>
      <label htmlFor={`${id}-de`}>Mínimo</label>
      <input
        id={`${id}-de`}
        type="range"
        name={`${spec.name}De`}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={from}
        aria-valuetext={formatValue(spec.unit, from, visible)}
        onChange={(e) => setFrom(Math.min(Number(e.target.value), to))}
      />
      <label htmlFor={`${id}-ate`}>Máximo</label>
      <input
        id={`${id}-ate`}
        type="range"
        name={`${spec.name}Ate`}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={to}
        aria-valuetext={formatValue(spec.unit, to, visible)}
        onChange={(e) => setTo(Math.max(Number(e.target.value), from))}
      />
    </fieldset>
  );
}

export default function Sliders({ sliders = [] }: SliderProps) {
  return (
    <>
      {sliders.map((s) => (
        <Range key={s.name} spec={s} />
      ))}
    </>
  );
}

export const mount = island(Sliders);
