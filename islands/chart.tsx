// Charts (chart.js): the simulation's line chart of installments and the wallet's donut.
// The server's fallback (a data table) stays available under "Ver dados em tabela": it is the
// chart's accessible description and what a screen-reader user reads.
import { useEffect, useRef } from 'react';
import {
  ArcElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartProps } from './generated/props';
import { island } from './mount';

Chart.register(ArcElement, CategoryScale, DoughnutController, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

/**
 * 18 colours, the same as the server's legend swatches (`PALETTE` of the home page), each with at
 * least 3:1 contrast against white, as graphics need (WCAG 1.4.11).
 */
export const PALETTE = [
  '#1b5e20', '#0d47a1', '#b71c1c', '#e65100', '#4a148c', '#006064', '#827717', '#880e4f', '#3e2723',
  '#2e7d32', '#1565c0', '#c62828', '#bf360c', '#6a1b9a', '#00838f', '#5d4037', '#ad1457', '#37474f',
];

/** The props, and the server's fallback (the data table) read before React replaces it. */
type Props = ChartProps & { fallbackHtml?: string };

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export default function ChartIsland({ kind = 'line', height = 400, title = 'Gráfico', labels = [], datasets = [], colors, fallbackHtml }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const palette = colors && colors.length ? colors : PALETTE;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: datasets.map((d, i) => ({
          label: d.label,
          data: d.data.map(Number),
          borderColor: kind === 'line' ? palette[i % palette.length] : '#ffffff',
          backgroundColor: kind === 'line' ? palette[i % palette.length] : labels.map((_, j) => palette[j % palette.length]),
          tension: 0.2,
        })),
      },
      options: {
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : undefined,
        plugins: {
          // A donut's legend is the server's list beside it (names, percents, values).
          legend: { display: kind === 'line', position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${brl.format(Number(c.raw))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, datasets, colors]);
  return (
    <figure className="grafico">
      <div style={{ height }} className="ilha-grafico">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      {fallbackHtml && !fallbackHtml.includes('<table') ? (
        <div dangerouslySetInnerHTML={{ __html: fallbackHtml }} />
      ) : fallbackHtml ? (
        <details className="dados-grafico">
          <summary>Ver dados em tabela</summary>
          <div dangerouslySetInnerHTML={{ __html: fallbackHtml }} />
        </details>
      ) : null}
    </figure>
  );
}

// The fallback is our own server-rendered markup (already escaped), kept as the data table.
export const mount = island(ChartIsland, (el) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('script').forEach((s) => s.remove());
  return { fallbackHtml: copy.innerHTML };
});
