// The investment reservation as a side modal of the offering page: steps 1–3 and the status
// screen (the Pix countdown, the QR code, the copy button), without leaving the page. Each step
// is the server's own page as a fragment; its forms are posted with `Accept: application/json`,
// so the server alone validates: `{"proximo": url}` moves on to that step, a 422 `{"mensagem"}`
// shows 'Atenção!' right under the field it concerns (marked invalid and described by it), and
// the form keeps what the person typed. Closing the modal reloads the offering (its numbers may
// have changed), or, once the status screen with the Pix code is shown, opens that screen as a
// page, so the code is not lost.
//
// Fallback (no JS): the plain 'Investir' link to the same flow, page by page.
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ReservaProps } from './generated/props';
import { Fragment, Modal, ModalOpener, Refusal, refusalSlot } from './comum/modal';
import { fetchFragment, postForm, withoutPartial } from './fragmento';
import { island } from './mount';

const REFUSAL_ID = 'ordem-recusa';

type Props = ReservaProps & { className: string };

interface Shown {
  url: string;
  html: string;
}

function Reserva({ href, label, attention, generic, className }: Props) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; slot: HTMLElement | null } | null>(null);
  const body = useRef<HTMLDivElement>(null);

  async function work(task: () => Promise<void>): Promise<void> {
    setBusy(true);
    try {
      await task();
    } catch {
      setRefusal({ message: generic, slot: null });
    } finally {
      setBusy(false);
    }
  }

  const load = (url: string) =>
    work(async () => {
      const res = await fetchFragment(url);
      if (res.redirected && !res.url.includes('parcial=1')) {
        window.location.href = res.url; // e.g. the session ended: follow the server
        return;
      }
      const html = await res.text();
      setRefusal(null);
      setShown({ url: res.url || url, html });
    });

  const submit = (form: HTMLFormElement) =>
    work(async () => {
      const answer = await postForm(form);
      if (answer.ok && answer.proximo) {
        await load(answer.proximo);
        return;
      }
      const slot = refusalSlot(form, REFUSAL_ID);
      setRefusal({ message: answer.mensagem || generic, slot });
      requestAnimationFrame(() => {
        slot.scrollIntoView({ block: 'nearest' });
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    });

  function onShown(el: HTMLElement): void {
    // Each step announces itself by its heading.
    const heading = el.querySelector<HTMLElement>('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }

  function onClose(): void {
    setOpen(false);
    const pix = body.current?.querySelector('textarea[readonly]');
    if (shown && pix) window.location.href = withoutPartial(shown.url);
    else window.location.reload();
  }

  return (
    <>
      <ModalOpener
        className={className}
        href={href}
        label={label}
        onOpen={() => {
          setOpen(true);
          void load(href);
        }}
      />
      <Modal
        open={open}
        onClose={onClose}
        className="modal-lateral"
        title={label}
        titleId="ordem-modal-titulo"
        busy={busy}
        moneyInputs='input[name="valor"]'
      >
        {refusal && !refusal.slot && <Refusal id={REFUSAL_ID} title={attention} message={refusal.message} />}
        {shown && (
          <div
            onSubmit={(event) => {
              const form = event.target;
              if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return;
              event.preventDefault();
              void submit(form);
            }}
            onClick={(event) => {
              // Links of the flow that leave it (Fechar, Cancelar) close the modal.
              const a = (event.target as HTMLElement).closest('a');
              if (a && a.getAttribute('href') && !a.hasAttribute('target')) {
                event.preventDefault();
                onClose();
              }
            }}
          >
            <Fragment html={shown.html} onShown={onShown} bodyRef={body} />
          </div>
        )}
        {refusal?.slot && createPortal(<Refusal id={REFUSAL_ID} title={attention} message={refusal.message} />, refusal.slot)}
      </Modal>
    </>
  );
}

export const mount = island(Reserva, (el) => ({
  className: el.querySelector('a')?.className ?? '',
}));
