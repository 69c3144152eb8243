// Sends the documents tab's upload forms in the background with a progress bar: a selfie over
// a slow mobile network takes a while, and a page that seems frozen gets abandoned or sent
// twice. Plain DOM, no React: it enhances the server's forms, which keep working on their own.
//
// The request is the form's own POST with `Accept: application/json`; the server answers
// `{"proximo": url}` after saving (the page to show, with its success message) or 422
// `{"mensagem": …}` on a refusal. Anything else (an expired session, a failing platform)
// falls back to submitting the form normally, so the server's page explains what happened.

import type { EnvioDocumentoProps } from './generated/props';

interface Answer {
  proximo?: unknown;
  mensagem?: unknown;
}

function parse(text: string): Answer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Answer) : null;
  } catch {
    return null;
  }
}

function enhance(form: HTMLFormElement, props: EnvioDocumentoProps): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const progress = document.createElement('progress');
  progress.max = 100;
  progress.value = 0;
  progress.hidden = true;
  const status = document.createElement('p');
  status.className = 'envio-status';
  status.setAttribute('role', 'status');
  const alert = document.createElement('p');
  alert.className = 'mensagem mensagem-erro';
  alert.setAttribute('role', 'alert');
  alert.hidden = true;
  form.append(progress, status, alert);
  const label = form.querySelector('label');
  if (label?.id) progress.setAttribute('aria-labelledby', label.id);

  let busy = false;
  const finish = (message: string | null) => {
    busy = false;
    progress.hidden = true;
    status.textContent = '';
    button?.removeAttribute('aria-disabled');
    alert.hidden = message === null;
    alert.textContent = message ?? '';
  };

  form.addEventListener('submit', (event) => {
    if (!form.checkValidity()) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    // aria-disabled, not disabled: a disabled button loses the focus, and the keyboard user
    // would be left on the page's body once the answer came (`busy` refuses a second send).
    button?.setAttribute('aria-disabled', 'true');
    alert.hidden = true;
    progress.value = 0;
    progress.hidden = false;
    status.textContent = `${props.sending}… 0%`;

    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return;
      const pct = Math.min(100, Math.floor((e.loaded / e.total) * 100));
      progress.value = pct;
      // Screen readers hear every tenth, not every tick.
      if (pct % 10 === 0 || pct === 100) status.textContent = `${props.sending}… ${pct}%`;
    });
    xhr.addEventListener('load', () => {
      const answer = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof answer?.proximo === 'string') {
        window.location.assign(answer.proximo);
      } else if (xhr.status === 422 && typeof answer?.mensagem === 'string') {
        finish(answer.mensagem);
      } else {
        finish(null);
        HTMLFormElement.prototype.submit.call(form);
      }
    });
    xhr.addEventListener('error', () => finish(props.failed));
    xhr.addEventListener('abort', () => finish(props.failed));
    xhr.send(new FormData(form));
  });
}

export function mount(el: HTMLElement, props: EnvioDocumentoProps): void {
  for (const form of Array.from(el.querySelectorAll<HTMLFormElement>('form.formulario-arquivo'))) {
    enhance(form, props);
  }
}
