// The JavaScript budget (js project only): before the investor scrolls or interacts, a page
// loads at most 3 KiB of JavaScript (gzip, as the server sends it: the build's precompressed
// bodies), the loader and the tiny plain-DOM islands; with every island of the page loaded
// (panels opened, charts touched, the map scrolled into view) at most 120 KiB.
//
// Each figure is the sum, over the distinct scripts the page fetched (modulepreloads included),
// of the gzip body the server answers for them. The figures are printed (`js-bytes …`) and
// written to target/js-bytes.json, which benches/js-bytes.mjs prints.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { APP_URL, ROOT, login } from './helpers';

const KIB = 1024;
const BEFORE_MAX = 3 * KIB;
const ALL_MAX = 120 * KIB;
const OFFER = '/investir/fazenda-santa-luzia-soja-2027';

test.describe.configure({ mode: 'serial' });
test.skip(() => test.info().project.use.javaScriptEnabled === false, 'JavaScript only');

const figures: Record<string, { before: number; all: number; scripts: string[] }> = {};

test.afterAll(() => {
  const dir = join(ROOT, 'target');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'js-bytes.json'), JSON.stringify(figures, null, 2) + '\n');
});

/** Every script URL of our assets the page asks for, from now on. */
function scripts(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) urls.add(url.pathname);
  });
  return urls;
}

const served = new Map<string, number>();

/** The bytes the server sends for `url` to a browser that accepts gzip. */
async function gzipBytes(request: APIRequestContext, url: string): Promise<number> {
  const known = served.get(url);
  if (known !== undefined) return known;
  const res = await request.get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-encoding'], url).toBe('gzip');
  const bytes = Number(res.headers()['content-length']);
  expect(bytes, `${url} content-length`).toBeGreaterThan(0);
  served.set(url, bytes);
  return bytes;
}

async function total(request: APIRequestContext, urls: Set<string>): Promise<number> {
  let sum = 0;
  for (const url of urls) sum += await gzipBytes(request, url);
  return sum;
}

/** No island is waiting or loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-island][data-island-state="loading"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island][data-island-state="loading"]')).toHaveCount(0);
}

/**
 * Wakes every island the way the investor would: each lazy one scrolled into view, each one
 * waiting for its control touched there (a pointer press, which loads without following a link
 * or opening a modal).
 */
async function wakeAll(page: Page): Promise<void> {
  for (const el of await page.locator('[data-island][data-lazy]').all()) {
    // A map in a closed accordion: opened first, as the investor does.
    await el.evaluate((node) => {
      for (let d = node.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    });
    await el.scrollIntoViewIfNeeded();
  }
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('[data-island][data-carregar]').forEach((el) => {
      const selector = el.dataset.gatilho;
      const trigger = (selector && el.parentElement?.closest(selector)) || el;
      trigger.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
  });
  const waiting = page.locator('[data-island][data-island-state="waiting"]');
  await expect(waiting, 'islands still waiting').toHaveCount(0);
  await settled(page);
  await expect(page.locator('[data-island][data-island-state="failed"]')).toHaveCount(0);
}

async function measure(page: Page, request: APIRequestContext, name: string, url: string): Promise<void> {
  const urls = scripts(page);
  await page.goto(url);
  await settled(page);
  const before = await total(request, urls);
  const beforeScripts = [...urls];
  await wakeAll(page);
  const all = await total(request, urls);
  figures[name] = { before, all, scripts: [...urls] };
  console.log(`js-bytes ${name} before=${before} all=${all} (${beforeScripts.length} → ${urls.size} scripts)`);
  expect(before, `${name}: ${beforeScripts.join(' ')}`).toBeLessThanOrEqual(BEFORE_MAX);
  expect(all, `${name}: ${[...urls].join(' ')}`).toBeLessThanOrEqual(ALL_MAX);
}

/** A page of its own browser context (an empty cache) with the investor's session. */
async function freshPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}

test('the home, /investir and an offering stay within the JavaScript budget', async ({ browser, page, request }) => {
  await login(page);
  const home = await freshPage(browser, page);
  await measure(home, request, 'home', '/');
  await expect(home.locator('[data-island="rosca"] canvas')).toBeVisible();
  const investir = await freshPage(browser, page);
  await measure(investir, request, 'investir', '/investir');
  await expect(investir.locator('details.painel-filtros input[type=range]').first()).toBeAttached();
  const offer = await freshPage(browser, page);
  await measure(offer, request, 'captacao', OFFER);
});
