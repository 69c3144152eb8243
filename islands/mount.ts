// The React islands' `mount` (today the sliders alone: every other island is plain DOM, so React
// is fetched only where a React island is woken).
import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Makes the `mount(el, props)` function the loader calls. `fromFallback` may read what the server
 * rendered inside the island (e.g. a form's hidden CSRF field) before React replaces it; its result
 * is merged under the JSON props.
 */
export function island<P extends object>(
  Component: ComponentType<P>,
  fromFallback?: (el: HTMLElement) => Partial<P>,
): (el: HTMLElement, props: Record<string, unknown>) => void {
  return (el, props) => {
    const extra = fromFallback ? fromFallback(el) : {};
    const merged = { ...extra, ...props } as P;
    // React clears the container (fallback + props script) when it commits the first render,
    // so the fallback stays visible until the island is ready.
    createRoot(el).render(createElement(Component, merged));
  };
}
