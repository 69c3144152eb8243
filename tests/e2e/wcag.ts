// WCAG 2.2 helpers shared by the layout specs.
import type { Page } from '@playwright/test';

/**
 * The text-spacing override of SC 1.4.12: line height 1.5, paragraphs 2 em apart, letters 0.12 em
 * and words 0.16 em.
 */
export const TEXT_SPACING =
  '*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
  ' p { margin-bottom: 2em !important; }';

/**
 * Appends `css` to the app's style sheet for the pages opened from now on. The sheet is
 * rewritten on its way in, so this works without JavaScript and under the app's CSP (which
 * rightly allows no inline style).
 */
export async function appendCss(page: Page, css: string): Promise<void> {
  await page.route(/\/assets\/app-[0-9a-f]+\.css$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: `${await res.text()}\n${css}` });
  });
}

/** The text-spacing override on every page opened from now on. */
export async function applyTextSpacing(page: Page): Promise<void> {
  await appendCss(page, TEXT_SPACING);
}

/** How far the document is wider than the window (0 when it fits). */
export async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('load');
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
