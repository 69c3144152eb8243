// The simulation's line chart of installments (chart.js, line pieces only). The server's
// fallback, a data table per scenario, stays under "Ver dados em tabela" (see grafico.ts).
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { ChartProps } from './generated/props';
import { PALETTE, brl, figure, reducedMotion } from './grafico';

Chart.register(CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export function mount(el: HTMLElement, { height = 400, title = 'Gráfico', labels = [], datasets = [], colors }: ChartProps): void {
  const palette = colors && colors.length ? colors : PALETTE;
  const canvas = figure(el, height, title);
  new Chart(canvas, {
    type: 'line',
    data: {
      labels,
      datasets: datasets.map((d, i) => ({
        label: d.label,
        data: d.data.map(Number),
        borderColor: palette[i % palette.length],
        backgroundColor: palette[i % palette.length],
        tension: 0.2,
      })),
    },
    options: {
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : undefined,
      plugins: {
        legend: { display: true, position: 'bottom' },
        tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${brl.format(Number(c.raw))}` } },
      },
    },
  });
}
