// The notification detail as a side modal. Without JS each card links to the detail page
// (which marks the notification read) and its 'Voltar' link back to the list. With JS the link
// opens the same page as a fragment in a modal; closing the modal reloads the list, so the card
// moves to 'Lidos' and the header's counter drops, exactly as the server now counts them.
import type { NotificacaoProps } from './generated/props';
import { fragmentDialog, parseFragment, withoutPartial } from './fragment-dialog';

export function mount(el: HTMLElement, props: NotificacaoProps): void {
  const links = Array.from(el.querySelectorAll<HTMLAnchorElement>('a.notificacao-abrir'));
  links.forEach((link, i) => {
    let opened = false;
    const modal = fragmentDialog({
      link,
      className: 'modal-lateral',
      title: props.title,
      titleId: `notificacao-modal-${i}`,
      moneyInputs: 'input[data-mascara="dinheiro"]',
      onOpen: () => void load(),
      onClose: () => {
        if (opened) window.location.reload();
        else link.focus();
      },
    });

    async function load(): Promise<void> {
      const url = link.getAttribute('href') || '';
      try {
        const res = await modal.fetch(url);
        const type = res.headers.get('content-type') || '';
        if (!res.ok || res.redirected || !type.startsWith('text/html')) throw new Error(`HTTP ${res.status}`);
        const content = parseFragment(await res.text());
        if (!content.querySelector('.notificacao-detalhe')) throw new Error('sem detalhe');
        // The page's own 'Voltar' link is the modal's Fechar here.
        content.querySelector('.notificacao-voltar')?.remove();
        modal.show(content);
        opened = true;
        modal.body.querySelector<HTMLElement>('.notificacao-detalhe h2, .notificacao-detalhe a')?.focus();
      } catch (err) {
        console.error('notificação: abrindo a página', err);
        window.location.href = withoutPartial(url);
      }
    }
  });
}
