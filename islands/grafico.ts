// Shared by the chart islands (chart.tsx, the simulation's line chart; rosca.tsx, the wallet's
// donut). Plain DOM around chart.js, no React. Each island registers only the chart.js pieces of
// its own chart type, so esbuild splits chart.js: its core lands in a chunk both share, and a
// page fetches the controller of the chart it shows and nothing of the other.

/**
 * 18 colours, the same as the server's legend swatches (`PALETTE` of the home page), each with at
 * least 3:1 contrast against white, as graphics need (WCAG 1.4.11).
 */
export const PALETTE = [
  '#1b5e20', '#0d47a1', '#b71c1c', '#e65100', '#4a148c', '#006064', '#827717', '#880e4f', '#3e2723',
  '#2e7d32', '#1565c0', '#c62828', '#bf360c', '#6a1b9a', '#00838f', '#5d4037', '#ad1457', '#37474f',
];

export const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Replaces the island's content by `<figure class="grafico">` with a canvas named `label` (the
 * chart's title with the numbers it shows, so the picture says them in words too),
 * keeping the server's fallback: a data table goes under "Ver dados em tabela" (the chart's
 * accessible description, what a screen-reader user reads); anything else stays as it was,
 * except the nodes `drop` rejects (the donut's server SVG, which the canvas replaces).
 */
export function figure(el: HTMLElement, height: number, label: string, drop?: (n: Node) => boolean): HTMLCanvasElement {
  const kept = Array.from(el.childNodes).filter((n) => !(n instanceof HTMLScriptElement) && !(drop && drop(n)));
  const fig = document.createElement('figure');
  fig.className = 'grafico';
  const box = document.createElement('div');
  box.className = 'ilha-grafico';
  box.style.height = `${height}px`;
  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  box.append(canvas);
  fig.append(box);
  const hasTable = kept.some((n) => n instanceof Element && (n.matches('table') || n.querySelector('table')));
  if (hasTable) {
    const details = document.createElement('details');
    details.className = 'dados-grafico';
    const summary = document.createElement('summary');
    summary.textContent = 'Ver dados em tabela';
    const wrap = document.createElement('div');
    wrap.append(...kept);
    details.append(summary, wrap);
    fig.append(details);
  } else if (kept.length) {
    const wrap = document.createElement('div');
    wrap.append(...kept);
    fig.append(wrap);
  }
  el.replaceChildren(fig);
  return canvas;
}
