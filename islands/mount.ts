// The React islands' `mount`. Every React island imports this file, and this file imports React,
// react-dom and the shared signals (estado.ts): the build makes one chunk of the set, fetched with
// the first island that wakes and cached for the visit.
import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import './estado';

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
    flushSync(() => root.render(createElement(Component, merged)));
  };
}
