// A section of the page opened as a side modal: the statement's filter, the notification
// settings. Without JS the link jumps to the section, which is part of the page; with JS the
// section moves into a <dialog> (see fragment-dialog.ts for the modal's keyboard behaviour)
// and leaves the page, unless the server asks for it open (a refused form, whose typed values
// and message must stay in view): then the modal opens at once.
//
// Nothing is re-validated here: the section's forms submit to the server as they would on the
// page.
import type { PainelLateralProps } from './generated/props';
import { fragmentDialog } from './fragment-dialog';

export function mount(el: HTMLElement, props: PainelLateralProps): void {
  const link = el.querySelector<HTMLAnchorElement>('a[href]');
  const section = document.getElementById(props.target);
  if (!link || !section) return;
  const titleId = `${props.target}-modal-titulo`;

  const modal = fragmentDialog({
    link,
    className: 'modal-lateral',
    title: props.title,
    titleId,
    moneyInputs: 'input[data-mascara="dinheiro"]',
    onOpen: () => {
      modal.body.querySelector<HTMLElement>('input, select, button')?.focus();
    },
  });

  // The section's own heading duplicates the modal's: the moved content goes without it.
  const content = document.createDocumentFragment();
  for (const child of Array.from(section.children)) {
    if (child instanceof HTMLHeadingElement) continue;
    content.append(child);
  }
  modal.show(content);
  section.hidden = true;

  if (props.open) {
    modal.dialog.showModal();
    modal.body.querySelector<HTMLElement>('[aria-invalid="true"], input, select')?.focus();
  }
}
