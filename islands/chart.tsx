// The simulation's line chart of installments (chart.js, line pieces only). The server's
// fallback, a data table per scenario, stays under "Ver dados em tabela" (see grafico.ts).
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { ChartProps } from './generated/props';
import { PALETTE, brl, figure, reducedMotion } from './grafico';

Chart.register(CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

/**
 * The chart in words, with its numbers: "Título, de 10/01/2027 a 10/12/2027. Cenário A: 12
 * parcelas, de R$ 80,00 a R$ 95,00, total R$ 1.050,00. Cenário B: …". The table of every
 * installment stays under "Ver dados em tabela".
 */
function describe(title: string, labels: string[], datasets: ChartProps['datasets']): string {
  const span = labels.length ? `, de ${labels[0]} a ${labels[labels.length - 1]}` : '';
  const lines = (datasets ?? []).map((d) => {
    const paid = d.data.map(Number).filter((v) => v > 0);
    if (!paid.length) return `${d.label}: nenhuma parcela`;
    const total = paid.reduce((a, b) => a + b, 0);
    const [min, max] = [Math.min(...paid), Math.max(...paid)];
    const count = paid.length === 1 ? '1 parcela' : `${paid.length} parcelas`;
    const range = min === max ? `de ${brl.format(min)}` : `de ${brl.format(min)} a ${brl.format(max)}`;
    return `${d.label}: ${count} ${range}, total ${brl.format(total)}`;
  });
  return `${title}${span}. ${lines.join('. ')}.`;
}

export function mount(el: HTMLElement, { height = 400, title = 'Gráfico', labels = [], datasets = [], colors }: ChartProps): void {
  const palette = colors && colors.length ? colors : PALETTE;
  const canvas = figure(el, height, describe(title, labels, datasets));
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
