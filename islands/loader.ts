// The island loader: the only script a page with islands includes (`<script type="module">`).
//
// For every `<div data-island="NAME" data-src="/assets/NAME-HASH.js">` on the page it reads the
// props from the child `<script type="application/json">`, imports the island's chunk and calls
// its `mount` export. Only islands present are loaded, and only when they are needed: React and
// the libraries (chart.js, Leaflet) live in the islands' chunks, never here, so this file stays
// tiny. When an island loads is the server's choice:
// - nothing: at once (the plain-DOM islands: the input masks, the document upload);
// - `data-lazy`: when it comes near the viewport (the map, the simulation chart); with
//   `data-carregar="visto"`, only once the investor has touched the page (a pointer, a key, a
//   scroll): the countdowns, whose server text (the date and time) is the picture until then; with a
//   `data-gatilho` (see below), preloaded on hover or focus of that control;
// - `data-carregar="interacao"`: when its control is pressed or opened (`click`, a `pointerdown`
//   away from its links and buttons, the `toggle` of a `<details>`), with the chunk preloaded on
//   hover, focus or a press on a link. The control is the nearest ancestor matching
//   `data-gatilho` (the closed filter panel of the sliders), else the island itself (the
//   Investir link inside it). A click on a link or button inside the island that comes before
//   the island is up is held, and given again once it is mounted, so
//   the first click opens the modal; if loading fails the link is followed as without JS; with
//   `data-aquecer` (the page's main action, Investir), the chunks it names (the island's and the
//   ones it imports) are fetched once the page is idle and the island in view, unless the browser
//   asks to save data or is on a 2G-class link, so the first press opens at once on a slow phone;
// - `data-carregar="toque"`: when the pointer reaches it, or it is touched or focused (the donut,
//   whose server SVG shows until then: chart.js brings the tooltips a pointer asks for).

interface IslandModule {
  mount?: (el: HTMLElement, props: Record<string, unknown>) => void;
}

type Target = HTMLElement & { dataset: DOMStringMap };

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

const loads = new WeakMap<HTMLElement, Promise<boolean>>();

/** Imports and mounts the island once; resolves to whether it mounted. */
function load(el: Target): Promise<boolean> {
  let done = loads.get(el);
  if (done) return done;
  el.dataset.islandState = 'loading';
  const props = readProps(el);
  done = import(el.dataset.src as string)
    .then((mod: IslandModule) => {
      if (typeof mod.mount !== 'function') throw new Error('sem export mount');
      mod.mount(el, props);
      el.dataset.islandState = 'mounted';
      return true;
    })
    .catch((err: unknown) => {
      // The server-rendered fallback stays in place and keeps working.
      el.dataset.islandState = 'failed';
      console.error('ilha: falha ao carregar', el.dataset.island, err);
      return false;
    });
  loads.set(el, done);
  return done;
}

const preloaded = new Set<string>();

/** `<link rel=modulepreload>`: the chunk (and what it imports) is fetched, not yet run. */
function preload(src: string): void {
  if (preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = src;
  document.head.appendChild(link);
}

/** The island's control: the nearest ancestor matching `data-gatilho`, else the island. */
function triggerOf(el: Target): HTMLElement {
  const selector = el.dataset.gatilho;
  return (selector && el.parentElement?.closest<HTMLElement>(selector)) || el;
}

function warmOn(trigger: HTMLElement, src: string): void {
  const warm = (): void => preload(src);
  trigger.addEventListener('pointerenter', warm, { once: true });
  trigger.addEventListener('focusin', warm, { once: true });
}

/** Fetches the chunks of `data-aquecer` once the page is idle and `el` is in view. */
function warmWhenIdle(el: Target): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  const warm = (): void => (el.dataset.aquecer ?? '').split(' ').filter(Boolean).forEach(preload);
  const whenSeen = (): void => {
    if (!('IntersectionObserver' in window)) return warm();
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      warm();
    });
    seen.observe(el);
  };
  const idle = (): void => {
    if ('requestIdleCallback' in window) requestIdleCallback(whenSeen, { timeout: 3000 });
    else setTimeout(whenSeen, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

function onInteraction(el: Target, touch: boolean): void {
  const trigger = triggerOf(el);
  if (trigger instanceof HTMLDetailsElement && trigger.open) {
    void load(el); // a panel the server opened (filters in use): its controls are in view
    return;
  }
  el.dataset.islandState = 'waiting';
  if (el.dataset.aquecer) warmWhenIdle(el);
  const go = (): void => void load(el);
  if (touch) {
    trigger.addEventListener('pointerenter', go, { once: true });
    trigger.addEventListener('focusin', go, { once: true });
  } else {
    warmOn(trigger, el.dataset.src as string);
  }
  // A press on one of the island's links or buttons is followed by its click, which mounts the
  // island and gives the click again: mounting at the press would replace the pressed control
  // under the pointer before the click, and the click would be lost. The press fetches only.
  trigger.addEventListener(
    'pointerdown',
    (event) => {
      const control = (event.target as Element).closest('a[href], button');
      if (control && el.contains(control)) preload(el.dataset.src as string);
      else go();
    },
    { once: true },
  );
  trigger.addEventListener('toggle', go, { once: true });
  trigger.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element).closest<HTMLElement>('a[href], button');
      const held =
        el.dataset.islandState !== 'mounted' &&
        control &&
        el.contains(control) &&
        event.button === 0 &&
        !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
      if (held) event.preventDefault();
      // A React island draws its own control in place of the server's: the held click goes to
      // the control at the same place among the island's links and buttons.
      const controls = (): HTMLElement[] => Array.from(el.querySelectorAll<HTMLElement>('a[href], button'));
      const index = held ? controls().indexOf(control) : -1;
      const hadFocus = held && document.activeElement === control;
      void load(el).then((mounted) => {
        if (!held) return;
        const again = control.isConnected ? control : controls()[index];
        if (mounted && again) {
          if (hadFocus) again.focus();
          again.click();
        } else if (control instanceof HTMLAnchorElement) window.location.href = control.href;
      });
    },
    { capture: true, once: true },
  );
}

// Islands marked `data-lazy` load only when they come near the viewport.
const lazy =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries, observer) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.unobserve(entry.target);
            void load(entry.target as Target);
          }
        },
        { rootMargin: '200px' },
      )
    : null;

// Islands seen only once the investor has touched the page (`data-carregar="visto"`).
let touched = false;
const untouched: Target[] = [];
const TOUCHES = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'];
function onTouched(event: Event): void {
  if (touched) return;
  // A pointer resting over the page gets a pointermove with no movement when the layout under
  // it changes (Chromium sends one as the page settles): that is no touch.
  const moved = event as PointerEvent;
  if (event.type === 'pointermove' && moved.movementX === 0 && moved.movementY === 0) return;
  touched = true;
  for (const type of TOUCHES) window.removeEventListener(type, onTouched, true);
  for (const el of untouched.splice(0)) watch(el);
}
for (const type of TOUCHES) window.addEventListener(type, onTouched, { capture: true, passive: true });

function watch(el: Target): void {
  if (!lazy) {
    void load(el);
    return;
  }
  lazy.observe(el);
  // In a closed panel (the map's accordion): preloaded when its summary is hovered or focused.
  if (el.dataset.gatilho) warmOn(triggerOf(el), el.dataset.src as string);
}

function start(root: ParentNode = document): void {
  root.querySelectorAll<Target>('[data-island][data-src]').forEach((el) => {
    if (el.dataset.islandState) return;
    const mode = el.dataset.carregar;
    if (mode === 'visto') {
      el.dataset.islandState = 'waiting';
      if (touched) watch(el);
      else untouched.push(el);
    } else if (mode === 'interacao' || mode === 'toque') {
      onInteraction(el, mode === 'toque');
    } else if (lazy && el.dataset.lazy !== undefined) {
      el.dataset.islandState = 'waiting';
      watch(el);
    } else {
      void load(el);
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
