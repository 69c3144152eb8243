// The modal every modal island shares (the order, the simulation, a notification, a side panel):
// a <dialog> opened with showModal, so the rest of the page is inert behind it.
// - Tab and Shift+Tab cycle inside it instead of leaving for the browser's own controls;
// - Esc closes it, even when focus sits in a nested element the browser's close request would not
//   reach;
// - money inputs (`moneyInputs`) take the mask while typing;
// - the island decides what closing does (by default focus goes back to the control that opened
//   it, which the island passes as `opener`).
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { maskMoney } from '../money';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  /** Runs once the dialog has closed (Fechar, Esc). */
  onClose: () => void;
  /** `class` of the <dialog>, which carries its layout. */
  className: string;
  /** The heading (the dialog's accessible name) and its id. */
  title: string;
  titleId: string;
  busy?: boolean;
  moneyInputs?: string;
  children: ReactNode;
}

export function Modal({ open, onClose, className, title, titleId, busy, moneyInputs, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void {
    const dialog = ref.current;
    if (!dialog) return;
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
  }

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onKeyDown={onKeyDown}
      onInput={(event) => {
        const input = event.target;
        if (moneyInputs && input instanceof HTMLInputElement && input.matches(moneyInputs)) {
          input.value = maskMoney(input.value);
        }
      }}
      onClose={onClose}
    >
      <div className="modal-cabecalho">
        <h2 id={titleId}>{title}</h2>
        <form method="dialog">
          <button type="submit" className="botao botao-texto">
            Fechar
          </button>
        </form>
      </div>
      {children}
    </dialog>
  );
}

/**
 * A server fragment as the modal's body. Its islands (countdown, copy button, chart) are mounted
 * through the loader's `ilhas:montar`; its alerts become messages in the flow (an alert dialog
 * over a modal would put its own Fechar over the form); `onShown` runs once it is in place.
 */
export function Fragment({
  html,
  onShown,
  bodyRef,
}: {
  html: string;
  onShown?: (body: HTMLElement) => void;
  bodyRef?: RefObject<HTMLDivElement | null>;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = bodyRef ?? own;
  useLayoutEffect(() => {
    const body = ref.current;
    if (!body) return;
    for (const alert of Array.from(body.querySelectorAll<HTMLDialogElement>('dialog.alerta'))) inline(alert);
    body.dispatchEvent(new CustomEvent('ilhas:montar', { bubbles: true }));
    onShown?.(body);
    // Only a new fragment is shown again; `onShown` is the island's, read when it arrives.
  }, [html]);
  return <div className="modal-corpo" ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A server alert (`dialog.alerta`: heading, text, Fechar) as an inline message, still an alert. */
let inlined = 0;
function inline(alert: HTMLDialogElement): void {
  const box = document.createElement('div');
  box.className = 'mensagem';
  box.id = `mensagem-modal-${++inlined}`;
  box.setAttribute('role', 'alert');
  const heading = alert.querySelector('h2, h3');
  if (heading?.textContent) {
    const strong = document.createElement('strong');
    strong.textContent = heading.textContent;
    box.append(strong, ' ');
  }
  for (const p of Array.from(alert.querySelectorAll('p'))) box.append(p.textContent ?? '', ' ');
  alert.replaceWith(box);
}

/** 'Atenção!' and the server's message. */
export function Refusal({ id, title, message }: { id: string; title: string; message: string }) {
  return (
    <div id={id} className="mensagem mensagem-erro" role="alert">
      <strong>{title}</strong> {message}
    </div>
  );
}

/**
 * Where a form's refusal goes: right after the field it concerns (the first one the person
 * fills), which is marked invalid and described by it; with no field, before the form's buttons.
 * The slot is the element a portal draws the refusal into.
 */
export function refusalSlot(form: HTMLFormElement, id: string): HTMLElement {
  form.querySelector(`[data-recusa]`)?.remove();
  const slot = document.createElement('div');
  slot.dataset.recusa = '';
  const field = form.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea',
  );
  if (field) {
    field.setAttribute('aria-invalid', 'true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((s) => s && s !== id);
    field.setAttribute('aria-describedby', [id, ...described].join(' '));
    const place = field.closest('.campo, .campo-checkbox') ?? field;
    place.insertAdjacentElement('afterend', slot);
  } else {
    const button = form.querySelector('button, [type=submit]');
    const place = button?.closest('.form-acoes, .acoes') ?? button;
    if (place) place.insertAdjacentElement('beforebegin', slot);
    else form.append(slot);
  }
  return slot;
}

/** The link that opens a modal island: a plain click opens the modal (`onOpen`); a click with a
 * modifier or another button keeps the browser's own meaning (a new tab, a download), since the
 * link's `href` is the same page without JavaScript. */
export function ModalOpener({
  href,
  className,
  label,
  onOpen,
  openerRef,
}: {
  href: string;
  className: string;
  label: string;
  onOpen: () => void;
  openerRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <a
      ref={openerRef}
      className={className}
      href={href}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {label}
    </a>
  );
}
