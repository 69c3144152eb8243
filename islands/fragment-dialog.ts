// A modal <dialog> whose body is a server fragment, for the islands that open part of the server's
// flow on the current page (reserva, simulacao). Plain DOM, no React: the modal only moves server
// HTML around, and the server stays the only validator.
//
// What every such modal does, the same way:
// - the fragment is the server's own page asked with `parcial=1` (its main content alone, without
//   the shell), fetched under the loading overlay while the dialog is `aria-busy`;
// - the islands inside each fragment (countdown, copy button, chart) are mounted through the
//   loader's `ilhas:montar` event;
// - money inputs of the fragment take the money mask while typing;
// - Tab and Shift+Tab cycle inside the dialog instead of leaving for the browser's own controls;
// - Esc closes it, even when focus sits in a fragment's own alert (a nested, non-modal dialog
//   the browser's close request would not reach);
// - on close, focus returns to the link that opened it, unless the island says otherwise.
import { withOverlay } from './overlay';
import { maskMoney } from './money';

export interface FragmentDialogOptions {
  /** The link that opens the modal (its click is taken over; new-tab clicks are left alone). */
  link: HTMLAnchorElement;
  /** `class` of the <dialog>, which carries its layout. */
  className: string;
  /** The dialog's heading (its accessible name) and the heading's id. */
  title: string;
  titleId: string;
  /** Inputs of the fragments that take the money mask ('1.234,56') while typing. */
  moneyInputs: string;
  /** Runs on every click on the link, after the dialog opened. */
  onOpen: () => void;
  /** Runs when the dialog closes; by default focus returns to the link. */
  onClose?: () => void;
}

export interface FragmentDialog {
  dialog: HTMLDialogElement;
  /** Where the fragments go. */
  body: HTMLElement;
  /** GET `url` with `parcial=1`, under the overlay. */
  fetch(url: string): Promise<Response>;
  /** Any request of the modal (e.g. a form post) under the overlay, the dialog `aria-busy`. */
  busy<T>(work: Promise<T>): Promise<T>;
  /** Puts a fragment in the body and mounts its islands. */
  show(content: string | DocumentFragment): void;
  close(): void;
}

/** `url` (relative or absolute) asked as a fragment: `parcial=1` added. */
export function withPartial(url: string): string {
  const u = new URL(url, window.location.href);
  u.searchParams.set('parcial', '1');
  return u.pathname + u.search;
}

/** The full page of a fragment's `url`: `parcial` removed. */
export function withoutPartial(url: string): string {
  const u = new URL(url, window.location.href);
  u.searchParams.delete('parcial');
  return u.pathname + u.search;
}

/** Server HTML as a detached fragment (its scripts inert, as with `innerHTML`). */
export function parseFragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function fragmentDialog(options: FragmentDialogOptions): FragmentDialog {
  const { link } = options;
  const dialog = document.createElement('dialog');
  dialog.className = options.className;
  dialog.setAttribute('aria-labelledby', options.titleId);
  const header = document.createElement('div');
  header.className = 'modal-cabecalho';
  const heading = document.createElement('h2');
  heading.id = options.titleId;
  heading.textContent = options.title;
  const closeForm = document.createElement('form');
  closeForm.method = 'dialog';
  const closeButton = document.createElement('button');
  closeButton.type = 'submit';
  closeButton.className = 'botao botao-texto';
  closeButton.textContent = 'Fechar';
  closeForm.appendChild(closeButton);
  header.append(heading, closeForm);
  const body = document.createElement('div');
  body.className = 'modal-corpo';
  dialog.append(header, body);
  link.insertAdjacentElement('afterend', dialog);
  link.setAttribute('aria-haspopup', 'dialog');

  let pending = 0;
  async function busy<T>(work: Promise<T>): Promise<T> {
    pending += 1;
    dialog.setAttribute('aria-busy', 'true');
    try {
      return await withOverlay(work);
    } finally {
      pending -= 1;
      if (pending === 0) dialog.removeAttribute('aria-busy');
    }
  }

  link.addEventListener('click', (event) => {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dialog.showModal();
    options.onOpen();
  });

  body.addEventListener('input', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.matches(options.moneyInputs)) {
      input.value = maskMoney(input.value);
    }
  });

  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
      return;
    }
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

  dialog.addEventListener('close', options.onClose ?? (() => link.focus()));

  return {
    dialog,
    body,
    fetch: (url) =>
      busy(fetch(withPartial(url), { credentials: 'same-origin', headers: { Accept: 'text/html' } })),
    busy,
    show(content) {
      body.replaceChildren(typeof content === 'string' ? parseFragment(content) : content);
      body.dispatchEvent(new CustomEvent('ilhas:montar', { bubbles: true }));
    },
    close: () => dialog.close(),
  };
}
