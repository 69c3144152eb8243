// Shared by the chart islands (chart.tsx, the simulation's line chart; rosca.tsx, the wallet's
// donut): the palette, the money formats, and the figure around chart.js's canvas. Each island
// registers only the chart.js pieces of its own chart type.
//
// Amounts follow the shared show/hide flag: with values hidden, the axis, the tooltips and the
// canvas's accessible name say 'R$ •••••' as the server's amounts do, and they redraw when the
// header's toggle flips.
import { useEffect, useRef, type RefObject } from 'react';
import type { Chart } from 'chart.js';
import { MASK, useValoresVisiveis, valoresVisiveis } from '../estado';

/**
 * 18 colours, the same as the server's legend swatches (`PALETTE` of the home page), each with at
 * least 3:1 contrast against white, as graphics need (WCAG 1.4.11).
 */
export const PALETTE = [
  '#1b5e20', '#0d47a1', '#b71c1c', '#e65100', '#4a148c', '#006064', '#827717', '#880e4f', '#3e2723',
  '#2e7d32', '#1565c0', '#c62828', '#bf360c', '#6a1b9a', '#00838f', '#5d4037', '#ad1457', '#37474f',
];

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlShort = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** An amount as the page shows it now: the value, or the mask while values are hidden. */
export function money(v: number): string {
  return valoresVisiveis.value ? brl.format(v) : MASK;
}

/** An axis tick: "R$ 1,2 mil"; nothing while values are hidden (the grid stays). */
export function moneyTick(v: number | string): string {
  return valoresVisiveis.value ? brlShort.format(Number(v)) : '';
}

export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The chart on `canvas`, made once by `make` and redrawn (without animation) when values are
 * shown or hidden; destroyed with the island.
 */
export function useChart(canvas: RefObject<HTMLCanvasElement | null>, make: (c: HTMLCanvasElement) => Chart): boolean {
  const visible = useValoresVisiveis();
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const made = make(canvas.current);
    chart.current = made;
    return () => made.destroy();
    // The chart is made once; its data never changes while the island lives.
    // (`make` is a new function on every render.)
  }, []);
  useEffect(() => {
    chart.current?.update('none');
  }, [visible]);
  return visible;
}

/**
 * `<figure class="grafico">` with the canvas named `label` (the chart's title with the numbers it
 * shows, so the picture says them in words too), and under "Ver dados em tabela" the server's
 * fallback when it is a data table (what a screen-reader user reads); other fallback content
 * stays as it was.
 */
export function Figure({
  canvas,
  height,
  label,
  kept,
}: {
  canvas: RefObject<HTMLCanvasElement | null>;
  height: number;
  label: string;
  kept: string;
}) {
  const table = /<table[\s>]/.test(kept);
  return (
    <figure className="grafico">
      <div className="ilha-grafico" style={{ height: `${height}px` }}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {table ? (
        <details className="dados-grafico">
          <summary>Ver dados em tabela</summary>
          <div dangerouslySetInnerHTML={{ __html: kept }} />
        </details>
      ) : (
        kept && <div dangerouslySetInnerHTML={{ __html: kept }} />
      )}
    </figure>
  );
}

/** The server's fallback as HTML, without its props script and the nodes `drop` rejects. */
export function keptHtml(el: HTMLElement, drop?: (n: Element) => boolean): string {
  return Array.from(el.children)
    .filter((n) => !(n instanceof HTMLScriptElement) && !(drop && drop(n)))
    .map((n) => n.outerHTML)
    .join('');
}
