// What the modal islands do with the server's pages: ask for one as a fragment (`parcial=1`: its
// main content without the shell) and post its forms asking for JSON, so the server stays the
// only validator: `{"proximo": url}` moves on, `{"mensagem"}` is its refusal.
import { withOverlay } from './overlay';

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

/** GET the fragment of `url` under the loading overlay. */
export function fetchFragment(url: string): Promise<Response> {
  return withOverlay(fetch(withPartial(url), { credentials: 'same-origin', headers: { Accept: 'text/html' } }));
}

/** A form's fields as the browser would post them. */
export function formBody(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  new FormData(form).forEach((value, key) => body.append(key, String(value)));
  return body;
}

export interface Answer {
  proximo?: string;
  mensagem?: string;
  ok: boolean;
}

/** POST `form` with `Accept: application/json`, under the overlay. */
export async function postForm(form: HTMLFormElement): Promise<Answer> {
  const res = await withOverlay(
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: formBody(form),
    }),
  );
  const data = (await res.json().catch(() => ({}))) as { proximo?: unknown; mensagem?: unknown };
  return {
    ok: res.ok,
    proximo: typeof data.proximo === 'string' ? data.proximo : undefined,
    mensagem: typeof data.mensagem === 'string' ? data.mensagem : undefined,
  };
}

/** A GET form's address with its fields as the query. */
export function getAddress(form: HTMLFormElement): string {
  const action = new URL(form.action, window.location.href);
  return `${action.pathname}?${formBody(form).toString()}`;
}
