// The wallet's donut (chart.js, doughnut pieces only). The server draws the same donut as an SVG
// (src/web/ui/rosca.rs), which is what an investor without JS sees; the loader mounts this island
// when the investor touches or focuses that SVG, and the canvas takes its place with tooltips.
// A donut's legend is the server's list or table beside it (names, percents, values).
import { useRef } from 'react';
import { ArcElement, Chart, DoughnutController, Tooltip } from 'chart.js';
import type { RoscaProps } from './generated/props';
import { Figure, PALETTE, keptHtml, money, useChart } from './comum/grafico';
import { island } from './mount';

Chart.register(ArcElement, DoughnutController, Tooltip);

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Título: A, 40,00%; B, 60,00%", as the server names its SVG. */
function describe(title: string, labels: string[], values: string[]): string {
  const numbers = values.map(Number);
  const total = numbers.reduce((sum, v) => sum + (v > 0 ? v : 0), 0);
  if (!labels.length || total <= 0) return title;
  return `${title}: ${labels.map((l, i) => `${l}, ${percent.format(Math.max(0, numbers[i] ?? 0) / total)}`).join('; ')}`;
}

type Props = RoscaProps & { kept: string; serverLabel: string };

function Rosca({ height = 280, title, labels = [], values = [], colors, kept, serverLabel }: Props) {
  const palette = colors && colors.length ? colors : PALETTE;
  const canvas = useRef<HTMLCanvasElement>(null);
  useChart(
    canvas,
    (c) =>
      new Chart(c, {
        type: 'doughnut',
        data: {
          labels,
          datasets: [
            {
              label: title,
              data: values.map(Number),
              borderColor: '#ffffff',
              backgroundColor: labels.map((_, j) => palette[j % palette.length]),
            },
          ],
        },
        options: {
          maintainAspectRatio: false,
          // The server's SVG was already there: no growing animation over it.
          animation: false,
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (t) => `${t.label ?? ''}: ${money(Number(t.raw))}` } },
          },
        },
      }),
  );
  // The server's SVG is named with every slice and its share (no amounts); the canvas keeps it.
  return <Figure canvas={canvas} height={height} label={serverLabel || describe(title, labels, values)} kept={kept} />;
}

export const mount = island(Rosca, (el) => ({
  kept: keptHtml(el, (n) => n instanceof SVGElement),
  serverLabel: el.querySelector('svg[role="img"]')?.getAttribute('aria-label') ?? '',
}));
