// Every page a visitor and an investor reach (paginas.ts), at 360 and 1366 px, opened once for
// three checks:
// - what a screen reader says first: the page's <title> names the page, then the product;
// - phone first: the page is not wider than the screen (with E2E_SCREENSHOTS=1, a full-page
//   screenshot of each page at both widths goes into the HTML report, helpers.ts);
// - nothing fixed covers what has the focus (WCAG 2.2 SC 2.4.12, Focus Not Obscured, the
//   enhanced form): the page is tabbed through, and after each Tab the focused element must
//   not intersect any fixed or sticky element it is not part of (the chat button, the
//   offering's bar at the bottom, a sticky sidebar).
import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot, login } from './helpers';
import { investorPages, visitorPages } from './paginas';
import { overflow } from './wcag';

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];
const PRODUCT = 'Colheita';
/** A page's tab stops are far fewer; the cap only keeps a loop from running forever. */
const MAX_TABS = 250;

/** After a Tab: what has the focus and which fixed element, if any, it lies under. */
type Stop = { focused: string; covered: string | null; first: boolean };

async function stop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const describe = (e: Element): string => {
      const text = (e.getAttribute('aria-label') || e.textContent || e.getAttribute('name') || '').trim();
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().replace(/\s+/g, '.')}` : '';
      return `${e.tagName.toLowerCase()}${cls} "${text.replace(/\s+/g, ' ').slice(0, 50)}"`;
    };
    const el = document.activeElement;
    if (!el || el === document.body) return { focused: 'body', covered: null, first: true };
    const r = el.getBoundingClientRect();
    const fixed = [...document.querySelectorAll('body *')].filter((f) => {
      const s = getComputedStyle(f);
      return (s.position === 'fixed' || s.position === 'sticky') && s.visibility !== 'hidden' && f.getClientRects().length > 0;
    });
    for (const f of fixed) {
      if (f.contains(el) || el.contains(f)) continue;
      const b = f.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      const overlap = r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
      if (overlap) return { focused: describe(el), covered: describe(f), first: false };
    }
    return { focused: describe(el), covered: null, first: false };
  });
}

/**
 * Opens `path`, softly expects its title to name it and the page to fit the window, then tabs
 * from the top until the focus leaves the page; every stop it lies under something.
 */
async function coveredStops(page: Page, path: string, who: string): Promise<string[]> {
  await page.goto(path);
  const title = await page.title();
  const named = /^(.+) \| (.+)$/.exec(title);
  expect.soft(named?.[2], `${path}: '${title}' ends with the product`).toBe(PRODUCT);
  expect.soft((named?.[1] ?? '').trim().length, `${path}: '${title}' names the page first`).toBeGreaterThan(0);
  const extra = await overflow(page);
  await attachScreenshot(page, `${who} ${path}`);
  expect.soft(extra, `${who} ${path} is ${extra} px wider than the window`).toBeLessThanOrEqual(0);
  const found: string[] = [];
  let seen = 0;
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    const s = await stop(page);
    if (s.first) {
      if (seen > 0) break;
      continue;
    }
    seen++;
    if (s.covered) found.push(`${s.focused} under ${s.covered}`);
  }
  expect(seen, `${path} has tab stops`).toBeGreaterThan(0);
  return found;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test(`a visitor's pages are named, fit the screen, and no focused element lies under a fixed one at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of visitorPages) {
        expect.soft(await coveredStops(page, path, 'visitor'), `${path} at ${viewport.width}px`).toEqual([]);
      }
    });

    test(`an investor's pages are named, fit the screen, and no focused element lies under a fixed one at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(480_000);
      await login(page);
      for (const path of investorPages) {
        expect.soft(await coveredStops(page, path, 'investor'), `${path} at ${viewport.width}px`).toEqual([]);
      }
    });
  });
}
