// The investment reservation as a side modal of the offering page: steps 1–3 and the status
// screen, without leaving the page. Each step is the server's own page as a fragment (see
// fragment-dialog.ts); its forms are posted with `Accept: application/json`, so the server alone
// validates: `{"proximo": url}` moves on to that step, a 422 `{"mensagem"}` shows 'Atenção!' above
// the step and keeps what the person typed (the form stays in place). Closing the modal, or
// following a link of the flow (Fechar, Cancelar), reloads the page: the offering's numbers may
// have changed.
//
// Fallback (no JS): the plain 'Investir' link to the same flow, page by page.
import type { ReservaProps } from './generated/props';
import { fragmentDialog } from './fragment-dialog';

const GENERIC = 'Ocorreu um erro. Tente novamente.';

export function mount(el: HTMLElement, props: ReservaProps): void {
  const link = el.querySelector<HTMLAnchorElement>('a[href]');
  if (!link) return;
  const href = props.href || link.getAttribute('href') || '';
  if (props.label) link.textContent = props.label;

  const modal = fragmentDialog({
    link,
    className: 'modal-lateral',
    title: 'Investir',
    titleId: 'ordem-modal-titulo',
    moneyInputs: 'input[name="valor"]',
    onOpen: () => void load(href),
    onClose: () => window.location.reload(),
  });

  // 'Atenção!' above the step: the server's refusal of a post, or a failed request.
  const alert = document.createElement('div');
  alert.className = 'mensagem mensagem-erro';
  alert.setAttribute('role', 'alert');
  function showError(message: string): void {
    if (!message) {
      alert.remove();
      return;
    }
    const strong = document.createElement('strong');
    strong.textContent = 'Atenção!';
    alert.replaceChildren(strong, ` ${message}`);
    if (!alert.isConnected) modal.dialog.insertBefore(alert, modal.body);
  }

  async function load(url: string): Promise<void> {
    try {
      const res = await modal.fetch(url);
      if (res.redirected && !res.url.includes('parcial=1')) {
        window.location.href = res.url; // e.g. the session ended: follow the server
        return;
      }
      modal.show(await res.text());
      showError('');
      // Each step announces itself by its heading.
      const heading = modal.body.querySelector<HTMLElement>('h1');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
    } catch {
      showError(GENERIC);
    }
  }

  async function submit(form: HTMLFormElement): Promise<void> {
    try {
      const res = await modal.busy(
        fetch(form.action, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        }),
      );
      const data = (await res.json().catch(() => ({}))) as { proximo?: string; mensagem?: string };
      if (res.ok && data.proximo) {
        await load(data.proximo);
      } else {
        showError(data.mensagem || GENERIC);
      }
    } catch {
      showError(GENERIC);
    }
  }

  modal.body.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return;
    event.preventDefault();
    void submit(form);
  });

  // Links inside the flow that leave it (Fechar, Cancelar) close the modal, which reloads the page.
  modal.body.addEventListener('click', (event) => {
    const a = (event.target as HTMLElement).closest('a');
    if (a && a.getAttribute('href') && !a.hasAttribute('target')) {
      event.preventDefault();
      modal.close();
    }
  });
}
