// 'Simule o seu investimento' as a modal of the offering page.
//
// Fallback (no JS): the sidebar's 'Simular' link to the full simulation page. With JS the link
// opens a modal whose body is the server's own panel as a fragment (see fragment-dialog.ts): the
// amount form, and after 'Simular' the scenarios with the chart island. The server stays the only
// validator: a 422 fragment carries its 'Atenção!' alert and the value typed. If anything goes
// wrong the link's page opens instead.
import type { SimulacaoProps } from './generated/props';
import { fragmentDialog, parseFragment, withoutPartial } from './fragment-dialog';

export function mount(el: HTMLElement, props: SimulacaoProps): void {
  const link = el.querySelector<HTMLAnchorElement>('a[href]');
  if (!link) return;
  const url = props.url || link.getAttribute('href') || '';
  let loaded = false;

  const modal = fragmentDialog({
    link,
    className: 'modal-simulacao',
    title: 'Simule o seu investimento',
    titleId: 'simulacao-modal-titulo',
    moneyInputs: 'input[data-mascara="dinheiro"]',
    onOpen: () => {
      if (loaded) {
        modal.body.querySelector<HTMLInputElement>('#valor-simulacao')?.focus();
      } else {
        void load(url);
      }
    },
  });
  const { body } = modal;

  /** Puts a fragment in the modal; false when the answer is not the panel (then navigate). */
  function show(html: string): boolean {
    const content = parseFragment(html);
    if (!content.querySelector('.painel-simulacao')) return false;
    modal.show(content);
    const alert = body.querySelector<HTMLDialogElement>('dialog.alerta');
    const input = body.querySelector<HTMLInputElement>('#valor-simulacao');
    const results = body.querySelector<HTMLElement>('#simulacao-resultados');
    if (alert) {
      // 'Atenção!' from the server: its Fechar closes only the alert, then the amount is next.
      alert.addEventListener('close', () => input?.focus(), { once: true });
      alert.querySelector<HTMLElement>('button')?.focus();
    } else if (results) {
      results.tabIndex = -1;
      results.focus();
    } else {
      input?.focus();
    }
    return true;
  }

  async function load(target: string): Promise<void> {
    try {
      const res = await modal.fetch(target);
      const type = res.headers.get('content-type') || '';
      if (res.redirected || !type.startsWith('text/html') || !show(await res.text())) {
        throw new Error(`HTTP ${res.status}`);
      }
      loaded = true;
    } catch (err) {
      // The server's page works without the modal.
      console.error('simulação: abrindo a página', err);
      window.location.href = withoutPartial(target);
    }
  }

  body.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
    event.preventDefault();
    const params = new URLSearchParams();
    new FormData(form).forEach((value, key) => params.append(key, String(value)));
    const action = new URL(form.action, window.location.href);
    void load(`${action.pathname}?${params.toString()}`);
  });
}
