// 'Simule o seu investimento' as a modal of the offering page.
//
// Fallback (no JS): the sidebar's 'Simular' link to the full simulation page. With JS the link
// opens a modal whose body is the server's own panel as a fragment: the amount form, and after
// 'Simular' the scenarios with the chart island. The server stays the only validator: a 422
// fragment carries its 'Atenção!' (shown in the flow, under the form) and the value typed. If
// anything goes wrong the link's page opens instead.
import { useRef, useState } from 'react';
import type { SimulacaoProps } from './generated/props';
import { Fragment, Modal, ModalOpener } from './comum/modal';
import { fetchFragment, getAddress, withoutPartial } from './fragmento';
import { island } from './mount';

type Props = SimulacaoProps & { className: string; label: string };

function Simulacao({ url, title, className, label }: Props) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);

  async function load(target: string): Promise<void> {
    setBusy(true);
    try {
      const res = await fetchFragment(target);
      const type = res.headers.get('content-type') || '';
      const text = await res.text();
      if (res.redirected || !type.startsWith('text/html') || !text.includes('painel-simulacao')) {
        throw new Error(`HTTP ${res.status}`);
      }
      setHtml(text);
    } catch (err) {
      // The server's page works without the modal.
      console.error('simulação: abrindo a página', err);
      window.location.href = withoutPartial(target);
    } finally {
      setBusy(false);
    }
  }

  function onShown(body: HTMLElement): void {
    const refusal = body.querySelector<HTMLElement>('.mensagem[role="alert"]');
    const input = body.querySelector<HTMLInputElement>('#valor-simulacao');
    const results = body.querySelector<HTMLElement>('#simulacao-resultados');
    if (refusal && input) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', refusal.id);
      input.focus();
    } else if (results) {
      results.tabIndex = -1;
      results.focus();
    } else {
      input?.focus();
    }
  }

  return (
    <>
      <ModalOpener
        openerRef={opener}
        className={className}
        href={url}
        label={label}
        onOpen={() => {
          setOpen(true);
          if (html) document.getElementById('valor-simulacao')?.focus();
          else void load(url);
        }}
      />
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        className="modal-simulacao"
        title={title}
        titleId="simulacao-modal-titulo"
        busy={busy}
        moneyInputs='input[data-mascara="dinheiro"]'
      >
        {html && (
          <div
            onSubmit={(event) => {
              const form = event.target;
              if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
              event.preventDefault();
              void load(getAddress(form));
            }}
          >
            <Fragment html={html} onShown={onShown} />
          </div>
        )}
      </Modal>
    </>
  );
}

export const mount = island(Simulacao, (el) => {
  const a = el.querySelector('a');
  return { className: a?.className ?? '', label: a?.textContent ?? '' };
});
