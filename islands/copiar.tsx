// The "Copiar código Pix" button, next to a read-only field that already works without JS (the
// code can be selected and copied by hand). On a phone it is the way to pay: the server puts the
// field and this button before the QR code, which is for paying from another device.
import { useState } from 'react';
import type { CopiarProps } from './generated/props';
import { island } from './mount';

function Copiar({ target, label, ok, fail }: CopiarProps) {
  const [status, setStatus] = useState('');
  async function copy(): Promise<void> {
    const field = document.getElementById(target);
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
    try {
      if (!navigator.clipboard) throw new Error('sem clipboard');
      await navigator.clipboard.writeText(field.value);
      setStatus(ok);
    } catch {
      field.select();
      setStatus(fail);
    }
  }
  return (
    <>
      <button type="button" className="botao botao-primario botao-largo" onClick={() => void copy()}>
        {label}
      </button>
      <p role="status" className="mensagem-copia">
        {status}
      </p>
    </>
  );
}

export const mount = island(Copiar);
