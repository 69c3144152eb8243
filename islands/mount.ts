// The React islands' `mount`. Every React island imports this file, and this file imports React,
// react-dom and the shared signals (estado.ts): the build makes one chunk of the set, fetched with
// the first island that wakes and cached for the visit.
import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import './estado';

/** Every island root, by its element: an island inside a modal's server fragment loses its
 * element when the fragment is replaced or the modal closes, and its root must then be unmounted,
 * or its effects (a countdown's timer, a signal's subscription) run on for a node no one sees. */
const roots = new Map<HTMLElement, Root>();

/** Unmounts the roots whose element has left the page, once the current commit is done. */
function sweep(): void {
  setTimeout(() => {
    for (const [el, root] of roots) {
      if (el.isConnected) continue;
      roots.delete(el);
      root.unmount();
      el.dataset.islandState = 'unmounted';
    }
  }, 0);
}
// A fragment that is replaced or closed says so (`ilhas:desmontar`); a new one mounting is a
// moment to sweep as well.
document.addEventListener('ilhas:desmontar', sweep);
document.addEventListener('ilhas:montar', sweep);

/**
 * Makes the `mount(el, props)` function the loader calls: one React root per island.
 * `fromFallback` may read what the server rendered inside the island (e.g. a link's class, a
 * form's hidden field) before React replaces it; its result is merged under the JSON props.
 */
export function island<P extends object>(
  Component: ComponentType<P>,
  fromFallback?: (el: HTMLElement) => Partial<P>,
): (el: HTMLElement, props: Record<string, unknown>) => void {
  return (el, props) => {
    const extra = fromFallback ? fromFallback(el) : {};
    const merged = { ...extra, ...props } as P;
    // The first render is committed before `mount` returns (React clears the fallback and the
    // props script then), so a click the loader held can be given to the island's own control.
    const root = createRoot(el);
    roots.set(el, root);
    flushSync(() => root.render(createElement(Component, merged)));
  };
}
