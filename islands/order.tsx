// The investment order as a side modal (spec §2 "Investment order side modal"): steps 1–3 and
// the status screen, without leaving the offering page. Each step is the server's own page,
// fetched as a fragment (`?parcial=1`); forms are posted with `Accept: application/json`, so the
// server alone validates: `{"proximo": url}` moves on, a 422 `{"mensagem"}` shows 'Atenção!'
// and keeps what the user typed (the form stays in place). Closing reloads the detail (spec).
// Fallback: the plain 'Investir' link to the server flow. Props: {"href": string, "label": string}.
import { useEffect, useRef } from 'react';
import { useSignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { island } from './mount';
import { withOverlay } from './overlay';
import { maskMoney } from './money';

const GENERIC = 'Ocorreu um erro. Tente novamente.';


function fragmentUrl(url: string): string {
  return url + (url.includes('?') ? '&' : '?') + 'parcial=1';
}

export interface OrderProps {
  href: string;
  label?: string;
}

export default function Order({ href, label = 'Investir' }: OrderProps) {
  useSignals();
  const html = useSignal('');
  const error = useSignal('');
  const busy = useSignal(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);

  async function load(url: string) {
    busy.value = true;
    try {
      const res = await withOverlay(fetch(fragmentUrl(url), { credentials: 'same-origin' }));
      if (res.redirected && !res.url.includes('parcial=1')) {
        window.location.href = res.url; // e.g. the session ended: follow the server
        return;
      }
      html.value = await res.text();
      error.value = '';
    } catch {
      error.value = GENERIC;
    } finally {
      busy.value = false;
    }
  }

  async function submit(form: HTMLFormElement) {
    busy.value = true;
    try {
      const res = await withOverlay(
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
        error.value = data.mensagem || GENERIC;
      }
    } catch {
      error.value = GENERIC;
    } finally {
      busy.value = false;
    }
  }

  // After each step arrives: mount its islands (countdown, copy button), focus its heading,
  // and mask the money input.
  useEffect(() => {
    const root = body.current;
    if (!root || !html.value) return;
    root.dispatchEvent(new CustomEvent('ilhas:montar', { bubbles: true }));
    root.querySelector<HTMLElement>('h1')?.setAttribute('tabindex', '-1');
    root.querySelector<HTMLElement>('h1')?.focus();
  }, [html.value]);

  function open(event: React.MouseEvent) {
    event.preventDefault();
    dialog.current?.showModal();
    void load(href);
  }

  return (
    <>
      <a className="botao botao-primario botao-largo" href={href} onClick={open}>
        {label}
      </a>
      <dialog
        ref={dialog}
        className="modal-lateral"
        aria-labelledby="ordem-modal-titulo"
        aria-busy={busy.value || undefined}
        onClose={() => window.location.reload()}
        // Esc closes the modal even when focus sits in a step's own alert (a nested, non-modal
        // dialog), where the browser's close request would not reach this one.
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            dialog.current?.close();
          }
        }}
      >
        <div className="modal-cabecalho">
          <h2 id="ordem-modal-titulo">Investir</h2>
          <form method="dialog">
            <button type="submit" className="botao botao-texto">Fechar</button>
          </form>
        </div>
        {error.value ? (
          <div className="mensagem mensagem-erro" role="alert">
            <strong>Atenção!</strong> {error.value}
          </div>
        ) : null}
        <div
          ref={body}
          className="modal-corpo"
          onSubmit={(e) => {
            const form = e.target as HTMLFormElement;
            if (form.method.toLowerCase() !== 'post') return;
            e.preventDefault();
            void submit(form);
          }}
          onInput={(e) => {
            const input = e.target as HTMLInputElement;
            if (input.name === 'valor') input.value = maskMoney(input.value);
          }}
          onClick={(e) => {
            // Links inside the flow that close it (Fechar, Cancelar) reload the page as closing does.
            const a = (e.target as HTMLElement).closest('a');
            if (a && a.getAttribute('href') && !a.hasAttribute('target')) {
              e.preventDefault();
              dialog.current?.close();
            }
          }}
          // The fragment is our own server-rendered, escaped HTML.
          dangerouslySetInnerHTML={{ __html: html.value }}
        />
      </dialog>
    </>
  );
}

export const mount = island(Order);
