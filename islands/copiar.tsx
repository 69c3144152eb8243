// The "Copiar código Pix" button (plain DOM, no React: it sits next to a read-only field that
// already works without JS — the code can be selected and copied by hand).
import type { CopiarProps } from './generated/props';

export function mount(el: HTMLElement, props: CopiarProps): void {
  const target = document.getElementById(String(props.target ?? ''));
  if (!(target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'botao botao-secundario';
  button.textContent = 'Copiar código Pix';
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'mensagem-copia';
  button.addEventListener('click', async () => {
    try {
      if (!navigator.clipboard) throw new Error('sem clipboard');
      await navigator.clipboard.writeText(target.value);
      status.textContent = String(props.ok ?? 'Copiado.');
    } catch {
      target.select();
      status.textContent = String(props.fail ?? 'Erro ao copiar.');
    }
  });
  el.append(button, status);
}
