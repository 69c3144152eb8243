// The money mask of the amount fields in the modal islands (see comum/modal.tsx).

/** '123456' → '1.234,56': the digits typed become cents. The server parses either form. */
export function maskMoney(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
  if (!digits) return '';
  const padded = digits.padStart(3, '0');
  const int = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${int},${padded.slice(-2)}`;
}
