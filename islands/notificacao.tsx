// The notification detail as a side modal. Without JS each card links to the detail page
// (which marks the notification read) and its 'Voltar' link back to the list. With JS the link
// opens the same page as a fragment in a modal: the server marks it read as it answers, so an
// unread one lowers the shared unread count (the header's counter follows at once) and its card
// says so, without a reload.
//
// The headings read as on the page: the list's 'Notificações' (h1), then the notification's
// title, which becomes the modal's own heading (h2, the dialog's name), then its message.
import { useRef, useState } from 'react';
import type { NotificacaoProps } from './generated/props';
import { Fragment, Modal } from './comum/modal';
import { naoLidas } from './estado';
import { fetchFragment, withoutPartial } from './fragmento';
import { island } from './mount';

interface Card {
  href: string;
  title: string;
  /** The card's other paragraphs, as the server drew them (server HTML). */
  rest: string;
}

type Props = NotificacaoProps & { cards: Card[]; listClass: string };

const TITLE_ID = 'notificacao-modal-titulo';

/**
 * The server's detail made the modal's body: its title heading leaves it (the modal's heading
 * says it, and now names the article), and so does its 'Voltar' link (the modal's Fechar is
 * that). Returns the body and the title.
 */
function asModalBody(fragment: string): { body: string; heading: string } {
  const doc = new DOMParser().parseFromString(fragment, 'text/html');
  const own = doc.getElementById('notificacao-titulo');
  const heading = own?.textContent?.trim() ?? '';
  own?.remove();
  doc.querySelector('.notificacao-detalhe')?.setAttribute('aria-labelledby', TITLE_ID);
  doc.querySelector('.notificacao-voltar')?.remove();
  return { body: doc.body.innerHTML, heading };
}

function Notificacoes({ title, unread, readNote, cards, listClass }: Props) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [html, setHtml] = useState('');
  const [heading, setHeading] = useState('');
  const [read, setRead] = useState<Set<number>>(new Set());
  const openers = useRef<(HTMLAnchorElement | null)[]>([]);

  async function open(i: number): Promise<void> {
    const url = cards[i].href;
    setHeading(cards[i].title);
    setOpenAt(i);
    try {
      const res = await fetchFragment(url);
      const type = res.headers.get('content-type') || '';
      const text = await res.text();
      if (!res.ok || res.redirected || !type.startsWith('text/html') || !text.includes('notificacao-detalhe')) {
        throw new Error(`HTTP ${res.status}`);
      }
      const shown = asModalBody(text);
      if (shown.heading) setHeading(shown.heading);
      setHtml(shown.body);
      if (unread && !read.has(i)) {
        setRead(new Set(read).add(i));
        naoLidas.value = Math.max(0, naoLidas.value - 1);
      }
    } catch (err) {
      console.error('notificação: abrindo a página', err);
      window.location.href = withoutPartial(url);
    }
  }

  return (
    <>
      <ul className={listClass}>
        {cards.map((card, i) => (
          <li key={card.href} className="cartao notificacao">
            <h2>
              <a
                ref={(a) => {
                  openers.current[i] = a;
                }}
                className="notificacao-abrir"
                href={card.href}
                aria-haspopup="dialog"
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  void open(i);
                }}
              >
                {card.title}
              </a>
            </h2>
            <div dangerouslySetInnerHTML={{ __html: card.rest }} />
            {read.has(i) && <p className="badge badge-neutro">{readNote}</p>}
          </li>
        ))}
      </ul>
      <Modal
        open={openAt !== null}
        onClose={() => {
          const i = openAt;
          setOpenAt(null);
          setHtml('');
          setHeading('');
          if (i !== null) openers.current[i]?.focus();
        }}
        className="modal-lateral"
        title={heading || title}
        titleId={TITLE_ID}
      >
        {html && (
          <Fragment
            html={html}
            onShown={() => {
              // The title first, as a page's heading is read first.
              const own = document.getElementById(TITLE_ID);
              if (own) {
                own.tabIndex = -1;
                own.focus();
              }
            }}
          />
        )}
      </Modal>
    </>
  );
}

export const mount = island(Notificacoes, (el) => {
  const list = el.querySelector('ul');
  const cards = Array.from(el.querySelectorAll('li')).map((li) => {
    const a = li.querySelector<HTMLAnchorElement>('a.notificacao-abrir');
    const rest = Array.from(li.children)
      .filter((c) => !(c instanceof HTMLHeadingElement))
      .map((c) => c.outerHTML)
      .join('');
    return { href: a?.getAttribute('href') ?? '', title: a?.textContent ?? '', rest };
  });
  return { cards, listClass: list?.className ?? '' };
});
