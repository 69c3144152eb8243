// The simulation's line chart of installments (chart.js, line pieces only). The server's
// fallback, a data table per scenario, stays under "Ver dados em tabela".
//
// Readable at 360 px: the y axis is in reais (short: "R$ 1,2 mil"), the month labels skip
// rather than overlap, and the scenarios differ by more than colour (dash, point shape, width),
// so one that runs under another ('conservador' under 'base') still shows.
import { useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartProps } from './generated/props';
import { Figure, PALETTE, keptHtml, money, moneyTick, reducedMotion, useChart } from './comum/grafico';
import { island } from './mount';

Chart.register(CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

const DASHES = [[], [8, 4], [2, 3], [12, 3, 2, 3]];
const POINTS = ['circle', 'rectRot', 'triangle', 'rect'] as const;

/**
 * The chart in words, with its numbers: "Título, de 10/01/2027 a 10/12/2027. Cenário A: 12
 * parcelas, de R$ 80,00 a R$ 95,00, total R$ 1.050,00. Cenário B: …".
 */
function describe(title: string, labels: string[], datasets: ChartProps['datasets']): string {
  const span = labels.length ? `, de ${labels[0]} a ${labels[labels.length - 1]}` : '';
  const lines = (datasets ?? []).map((d) => {
    const paid = d.data.map(Number).filter((v) => v > 0);
    if (!paid.length) return `${d.label}: nenhuma parcela`;
    const total = paid.reduce((a, b) => a + b, 0);
    const [min, max] = [Math.min(...paid), Math.max(...paid)];
    const count = paid.length === 1 ? '1 parcela' : `${paid.length} parcelas`;
    const range = min === max ? `de ${money(min)}` : `de ${money(min)} a ${money(max)}`;
    return `${d.label}: ${count} ${range}, total ${money(total)}`;
  });
  return `${title}${span}. ${lines.join('. ')}.`;
}

type Props = ChartProps & { kept: string };

function LineChart({ height = 400, title = 'Gráfico', labels = [], datasets = [], colors, kept }: Props) {
  const palette = colors && colors.length ? colors : PALETTE;
  const canvas = useRef<HTMLCanvasElement>(null);
  useChart(
    canvas,
    (c) =>
      new Chart(c, {
        type: 'line',
        data: {
          labels,
          datasets: datasets.map((d, i) => ({
            label: d.label,
            data: d.data.map(Number),
            borderColor: palette[i % palette.length],
            backgroundColor: palette[i % palette.length],
            borderDash: DASHES[i % DASHES.length],
            borderWidth: 3 - Math.min(i, 1),
            pointStyle: POINTS[i % POINTS.length],
            pointRadius: 4 + (datasets.length - 1 - i),
            tension: 0,
          })),
        },
        options: {
          maintainAspectRatio: false,
          animation: reducedMotion() ? false : undefined,
          interaction: { mode: 'index', intersect: false },
          scales: {
            x: { ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
            y: { beginAtZero: true, ticks: { callback: (v) => moneyTick(v), maxTicksLimit: 6 } },
          },
          plugins: {
            legend: { display: true, position: 'bottom', labels: { usePointStyle: true } },
            tooltip: { callbacks: { label: (t) => `${t.dataset.label ?? ''}: ${money(Number(t.raw))}` } },
          },
        },
      }),
  );
  return <Figure canvas={canvas} height={height} label={describe(title, labels, datasets)} kept={kept} />;
}

export const mount = island(LineChart, (el) => ({ kept: keptHtml(el) }));
