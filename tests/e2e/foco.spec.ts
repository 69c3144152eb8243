// Nothing fixed covers what has the focus (WCAG 2.2 SC 2.4.12, Focus Not Obscured, the
// enhanced form): every page is tabbed through, at 360 and 1366 px, and after each Tab the
// focused element must not intersect any fixed or sticky element it is not part of (the chat
// button, the offering's bar at the bottom, a sticky sidebar).
import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';
import { investorPages, visitorPages } from './paginas';

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];
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

/** Tabs from the top of `path` until the focus leaves the page; every stop it lies under something. */
async function coveredStops(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('load');
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

    test(`no focused element lies under a fixed one on a visitor's pages at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of visitorPages) {
        expect.soft(await coveredStops(page, path), `${path} at ${viewport.width}px`).toEqual([]);
      }
    });

    test(`no focused element lies under a fixed one on an investor's pages at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(480_000);
      await login(page);
      for (const path of investorPages) {
        expect.soft(await coveredStops(page, path), `${path} at ${viewport.width}px`).toEqual([]);
      }
    });
  });
}
