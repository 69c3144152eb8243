// The wallet's donut (chart.js, doughnut pieces only). The server draws the same donut as an SVG
// (src/web/ui/rosca.rs), which is what an investor without JS sees; the loader mounts this island
// when the investor touches or focuses that SVG, and the canvas takes its place with tooltips.
// A donut's legend is the server's list or table beside it (names, percents, values).
import { ArcElement, Chart, DoughnutController, Tooltip } from 'chart.js';
import type { RoscaProps } from './generated/props';
import { PALETTE, brl, figure } from './grafico';

Chart.register(ArcElement, DoughnutController, Tooltip);

export function mount(el: HTMLElement, { height = 280, title, labels = [], values = [], colors }: RoscaProps): void {
  const palette = colors && colors.length ? colors : PALETTE;
  const canvas = figure(el, height, title, (n) => n instanceof SVGElement);
  new Chart(canvas, {
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
        tooltip: { callbacks: { label: (c) => `${c.label ?? ''}: ${brl.format(Number(c.raw))}` } },
      },
    },
  });
}
