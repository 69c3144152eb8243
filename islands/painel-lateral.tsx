// A section of the page opened as a side modal: the statement's filter, the notification
// settings. Without JS the link jumps to the section, which is part of the page; with JS the
// section moves into the modal and leaves the page, unless the server asks for it open (a
// refused form, whose typed values and message must stay in view): then the modal opens at once.
//
// Nothing is re-validated here: the section's forms submit to the server as they would on the
// page.
import { useLayoutEffect, useRef, useState } from 'react';
import type { PainelLateralProps } from './generated/props';
import { Modal, ModalOpener } from './comum/modal';
import { island } from './mount';

type Props = PainelLateralProps & { className: string; label: string; href: string };

function PainelLateral({ title, target, open: openAtOnce, className, label, href }: Props) {
  const [open, setOpen] = useState(openAtOnce);
  const opener = useRef<HTMLAnchorElement>(null);
  const body = useRef<HTMLDivElement>(null);

  // The section's nodes move into the modal once; its own heading duplicates the modal's.
  useLayoutEffect(() => {
    const section = document.getElementById(target);
    const box = body.current;
    if (!section || !box) return;
    for (const child of Array.from(section.children)) {
      if (!(child instanceof HTMLHeadingElement)) box.append(child);
    }
    section.hidden = true;
  }, [target]);

  useLayoutEffect(() => {
    if (!open) return;
    const box = body.current;
    box?.querySelector<HTMLElement>(openAtOnce ? '[aria-invalid="true"], input, select' : 'input, select, button')?.focus();
  }, [open, openAtOnce]);

  return (
    <>
      <ModalOpener openerRef={opener} className={className} href={href} label={label} onOpen={() => setOpen(true)} />
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        className="modal-lateral"
        title={title}
        titleId={`${target}-modal-titulo`}
        moneyInputs='input[data-mascara="dinheiro"]'
      >
        <div className="modal-corpo" ref={body} />
      </Modal>
    </>
  );
}

export const mount = island(PainelLateral, (el) => {
  const a = el.querySelector('a');
  return { className: a?.className ?? '', label: a?.textContent ?? '', href: a?.getAttribute('href') ?? '' };
});
