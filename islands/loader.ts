// The island loader: the only script a page with islands includes (`<script type="module">`).
//
// For every `<div data-island="NAME" data-src="/assets/NAME-HASH.js">` on the page it reads the
// props from the child `<script type="application/json">`, imports the island's chunk and calls
// its `mount` export, which renders the island's default export into the element with React's
// `createRoot` (replacing the server-rendered fallback). Only islands present are loaded; React
// itself lives in the islands' shared chunk, never here, so this file stays tiny.

interface IslandModule {
  mount?: (el: HTMLElement, props: Record<string, unknown>) => void;
}

function readProps(el: HTMLElement): Record<string, unknown> {
  for (const child of Array.from(el.children)) {
    if (child instanceof HTMLScriptElement && child.type === 'application/json') {
      try {
        const value: unknown = JSON.parse(child.textContent || '{}');
        if (value && typeof value === 'object') return value as Record<string, unknown>;
      } catch (err) {
        console.error('ilha: props inválidas', el.dataset.island, err);
      }
      break;
    }
  }
  return {};
}

function load(el: HTMLElement): void {
  el.dataset.islandState = 'loading';
  const props = readProps(el);
  import(el.dataset.src as string)
    .then((mod: IslandModule) => {
      if (typeof mod.mount !== 'function') throw new Error('sem export mount');
      mod.mount(el, props);
      el.dataset.islandState = 'mounted';
    })
    .catch((err: unknown) => {
      // The server-rendered fallback stays in place and keeps working.
      el.dataset.islandState = 'failed';
      console.error('ilha: falha ao carregar', el.dataset.island, err);
    });
}

// Islands marked `data-lazy` (charts, maps) load only when they come near the viewport.
const lazy =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries, observer) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            load(entry.target as HTMLElement);
          }
        },
        { rootMargin: '200px' },
      )
    : null;

function start(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-island][data-src]').forEach((el) => {
    if (el.dataset.islandState) return;
    if (lazy && el.dataset.lazy !== undefined) {
      el.dataset.islandState = 'waiting';
      lazy.observe(el);
    } else {
      load(el);
    }
  });
}

// Islands that load server HTML into the page (the reservation and simulation modals) ask for
// the islands inside it to be mounted: `el.dispatchEvent(new CustomEvent('ilhas:montar', {bubbles: true}))`.
document.addEventListener('ilhas:montar', (event) => {
  const root = event.target;
  if (root instanceof HTMLElement) start(root);
});

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => start(), { once: true });
} else {
  start();
}
