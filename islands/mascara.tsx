// Phone mask (##) #####-#### applied while the person types in the sign-up's
// "Celular/WhatsApp" field, and the CEP mask #####-### in a field marked
// data-mascara="cep" (the address). Comfort only: without JS the plain inputs work and the
// server accepts either with or without punctuation (and re-checks them anyway).
//
// Plain DOM, no React: it enhances the server's input instead of replacing it, so the
// typed value, the label and aria attributes stay exactly as the server rendered them.

import type { MascaraProps } from './generated/props';

const MAX_DIGITS = 11;

/** `11912345678` → `(11) 91234-5678`; partial input is masked as far as it goes. */
export function formatPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  // 10 digits (landline shape) keep a 4-digit first half until the 11th digit arrives.
  const cut = d.length <= 10 ? 6 : 7;
  if (d.length <= cut) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, cut)}-${d.slice(cut)}`;
}

/** Position in `masked` right after its `digits`-th digit (caret placement). */
function caretAfterDigits(masked: string, digits: number): number {
  if (digits === 0) return masked.startsWith('(') && masked.length > 1 ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i])) {
      seen++;
      if (seen === digits) return i + 1;
    }
  }
  return masked.length;
}

const CEP_DIGITS = 8;

/** `78890000` → `78890-000`; partial input is masked as far as it goes. */
export function formatCep(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, CEP_DIGITS);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/**
 * Masks `input` with `format` as the person types, keeping the caret after the same digit.
 * Deleting leaves the text alone: re-masking would put back the ")" or "-" the person is
 * trying to erase. `leaveAsTyped` says which values stay exactly as typed.
 */
function maskWhileTyping(
  input: HTMLInputElement,
  format: (value: string) => string,
  maxDigits: number,
  leaveAsTyped: (value: string) => boolean = () => false,
): void {
  /** Masks what is typed, the caret kept after the same digit (while the field has the focus). */
  const remask = (): void => {
    const value = input.value;
    if (leaveAsTyped(value)) return;
    const caret = input.selectionStart ?? value.length;
    const digitsBefore = value.slice(0, caret).replace(/\D/g, '').length;
    const masked = format(value);
    if (masked === value) return;
    input.value = masked;
    if (document.activeElement !== input) return;
    const pos = caretAfterDigits(masked, Math.min(digitsBefore, maxDigits));
    input.setSelectionRange(pos, pos);
  };
  // On a slow phone the person may type before this chunk arrives: what they typed by then
  // is masked now, as the next key would have masked it. The server's own value is left alone.
  if (input.value !== input.defaultValue) remask();
  input.addEventListener('input', (event) => {
    if (!((event as InputEvent).inputType ?? '').startsWith('delete')) remask();
  });
}

export function mount(el: HTMLElement, _props: MascaraProps): void {
  const cep = el.querySelector<HTMLInputElement>('input[data-mascara="cep"]');
  if (cep) maskWhileTyping(cep, formatCep, CEP_DIGITS);
  const phone = el.querySelector<HTMLInputElement>('input[type="tel"]');
  // An international form (+55 …, or 55 before the area code) is left as typed; the
  // server understands it.
  if (phone) {
    maskWhileTyping(
      phone,
      formatPhone,
      MAX_DIGITS,
      (value) => value.trimStart().startsWith('+') || value.replace(/\D/g, '').length > MAX_DIGITS,
    );
  }
}
