// 'Simule o seu investimento' as a modal on the offering page (spec §2 "Simulation modal").
//
// Fallback (no JS): the sidebar's 'Simular' link to the full simulation page. With JS the link
// opens a native modal <dialog> (the rest of the page is inert, Esc closes it, focus returns to
// the link) whose body is the server's own panel, fetched as a fragment with `parcial=1`: the
// amount form, and after 'Simular' the scenarios with the chart island, which the loader mounts
// on 'ilhas:montar'. The server stays the only validator: a 422 fragment carries its
// 'Atenção!' alert and the value typed. If anything goes wrong the link's page opens instead.
//
// Plain DOM, no React: the modal only moves server HTML around (the chart brings React itself).
// Props: {"url": "/investir/{urlAmigavel}/simular"}.
import { withOverlay } from './overlay';
import { maskMoney } from './money';

const TITLE = 'Simule o seu investimento';
const TITLE_ID = 'simulacao-modal-titulo';


function withPartial(url: string): string {
  const u = new URL(url, window.location.href);
  u.searchParams.set('parcial', '1');
  return u.pathname + u.search;
}

function withoutPartial(url: string): string {
  const u = new URL(url, window.location.href);
  u.searchParams.delete('parcial');
  return u.pathname + u.search;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function buildDialog(): { dialog: HTMLDialogElement; body: HTMLElement } {
  const dialog = document.createElement('dialog');
  dialog.className = 'modal-simulacao';
  dialog.setAttribute('aria-labelledby', TITLE_ID);
  const header = document.createElement('div');
  header.className = 'modal-cabecalho';
  const h2 = document.createElement('h2');
  h2.id = TITLE_ID;
  h2.textContent = TITLE;
  const close = document.createElement('form');
  close.method = 'dialog';
  const button = document.createElement('button');
  button.type = 'submit';
  button.className = 'botao botao-texto';
  button.textContent = 'Fechar';
  close.appendChild(button);
  header.append(h2, close);
  const body = document.createElement('div');
  body.className = 'modal-corpo';
  dialog.append(header, body);
  return { dialog, body };
}

export function mount(el: HTMLElement, props: Record<string, unknown>): void {
  const link = el.querySelector<HTMLAnchorElement>('a[href]');
  if (!link) return;
  const url = typeof props.url === 'string' && props.url ? props.url : link.getAttribute('href') || '';
  const { dialog, body } = buildDialog();
  el.appendChild(dialog);
  link.setAttribute('aria-haspopup', 'dialog');
  let loaded = false;

  /** Puts a fragment in the modal; false when the answer is not the panel (then navigate). */
  function show(html: string): boolean {
    const template = document.createElement('template');
    template.innerHTML = html;
    if (!template.content.querySelector('.painel-simulacao')) return false;
    body.replaceChildren(template.content);
    // The chart (and any other island) inside the panel.
    body.dispatchEvent(new CustomEvent('ilhas:montar', { bubbles: true }));
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
      const res = await withOverlay(
        fetch(withPartial(target), { credentials: 'same-origin', headers: { Accept: 'text/html' } }),
      );
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

  link.addEventListener('click', (event) => {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dialog.showModal();
    if (loaded) {
      body.querySelector<HTMLInputElement>('#valor-simulacao')?.focus();
    } else {
      void load(url);
    }
  });

  body.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
    event.preventDefault();
    const params = new URLSearchParams();
    new FormData(form).forEach((value, key) => params.append(key, String(value)));
    const action = new URL(form.action, window.location.href);
    void load(`${action.pathname}?${params.toString()}`);
  });

  body.addEventListener('input', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.dataset.mascara === 'dinheiro') {
      input.value = maskMoney(input.value);
    }
  });

  // A modal <dialog> already makes the page inert; this keeps Tab cycling inside it instead
  // of leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (n) => n.offsetParent !== null || n === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  dialog.addEventListener('close', () => link.focus());
}
