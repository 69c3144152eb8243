// The JavaScript budget (every test is @so-js: the js project only): before the investor scrolls or interacts, a page
// loads at most 3 KiB of JavaScript (gzip, as the server sends it: the build's precompressed
// bodies), the loader and the tiny plain-DOM islands; with every island of the page loaded
// (panels opened, charts touched, the map scrolled into view) at most 150 KiB (with a flow run
// as well, the offering's simulation and its line chart, the figure is printed). The chunk every
// React island shares (react, react-dom, the signals) is at most 70 KiB, and each island's own
// code, beyond React and its library (chart.js, Leaflet), at most 10 KiB.
//
// An offering page's main action (Investir) has its chunks fetched ahead once the page is idle
// and it is in view (`data-aquecer`): they are counted apart, as `warmed`, and `before` holds
// without them. The map, which loads as its accordion opens, draws only once Leaflet's
// stylesheet applies: before it, Leaflet's tiles lay in the page's flow, wider than a phone.
//
// Each figure is the sum, over the distinct scripts the page fetched (modulepreloads included),
// of the gzip body the server answers for them. The figures are printed (`js-bytes …`) and
// written to target/js-bytes.json, which benches/js-bytes.mjs prints.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { APP_URL, ROOT, login } from './helpers';
import { overflow } from './wcag';

const KIB = 1024;
const BEFORE_MAX = 3 * KIB;
const ALL_MAX = 150 * KIB;
const REACT_MAX = 70 * KIB;
const OWN_MAX = 10 * KIB;
const OFFER = '/investir/fazenda-santa-luzia-soja-2027';

/** Per page: before any interaction, with the page's islands woken, and after `more` too. */
const figures: Record<string, { before: number; warmed: number; islands: number; all: number; scripts: string[] }> =
  {};

test.afterAll(() => {
  // A run that measured nothing (a filtered run) must not overwrite the figures with nothing.
  if (Object.keys(figures).length === 0) return;
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

/**
 * Measures `url`: before any interaction, then with every island woken and whatever `more` does
 * (the simulation, whose modal brings the line chart).
 */
async function measure(
  page: Page,
  request: APIRequestContext,
  name: string,
  url: string,
  more?: (page: Page) => Promise<void>,
): Promise<void> {
  const urls = scripts(page);
  await page.goto(url);
  await settled(page);
  const ahead = new Set(
    (await page.locator('[data-aquecer]').evaluateAll((els) => els.map((e) => e.getAttribute('data-aquecer') ?? '')))
      .flatMap((list) => list.split(' '))
      .filter(Boolean),
  );
  if (ahead.size > 0) {
    // Fetched at idle: wait for them, then count them apart.
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(ahead.size);
    await settled(page);
  }
  const warmed = await total(request, new Set([...urls].filter((u) => ahead.has(u))));
  const beforeScripts = [...urls].filter((u) => !ahead.has(u));
  const before = await total(request, new Set(beforeScripts));
  await wakeAll(page);
  const islands = await total(request, urls);
  if (more) await more(page);
  const all = await total(request, urls);
  figures[name] = { before, warmed, islands, all, scripts: [...urls] };
  console.log(
    `js-bytes ${name} before=${before} warmed=${warmed} islands=${islands} all=${all} (${beforeScripts.length} → ${urls.size} scripts)`,
  );
  expect(before, `${name}: ${beforeScripts.join(' ')}`).toBeLessThanOrEqual(BEFORE_MAX);
  // Every island of the page woken; `all` (the simulation's chart too) is printed, not held.
  expect(islands, `${name}: ${[...urls].join(' ')}`).toBeLessThanOrEqual(ALL_MAX);
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

test('the home, /investir and an offering stay within the JavaScript budget @so-js', async ({ browser, page, request }) => {
  await login(page);
  const home = await freshPage(browser, page);
  await measure(home, request, 'home', '/');
  await expect(home.locator('[data-island="rosca"] canvas')).toBeVisible();
  const investir = await freshPage(browser, page);
  await measure(investir, request, 'investir', '/investir');
  await expect(investir.locator('details.painel-filtros input[type=range]').first()).toBeAttached();
  const offer = await freshPage(browser, page);
  await measure(offer, request, 'captacao', OFFER, simulate);
  // Only the offering has a main action fetched ahead.
  expect(figures.home.warmed).toBe(0);
  expect(figures.investir.warmed).toBe(0);
  expect(figures.captacao.warmed).toBeGreaterThan(0);
});

/** Simulates an investment in the modal and scrolls its line chart into view. */
async function simulate(page: Page): Promise<void> {
  await page.locator('#investir').getByRole('link', { name: 'Simular' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simule o seu investimento' });
  await dialog.getByLabel('Valor do investimento (R$)').pressSequentially('1000000');
  await dialog.getByRole('button', { name: 'Simular' }).click();
  const chart = dialog.locator('[data-island="chart"]');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-island-state', 'mounted');
  await settled(page);
}

/** The island chunks of the page (`/assets/NAME-HASH.js`) fetched from now on, by name. */
function chunksOf(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (req) => {
    const m = /\/assets\/([a-z-]+)-[A-Z0-9]{8}\.js$/.exec(new URL(req.url()).pathname);
    if (m) names.add(m[1]);
  });
  return names;
}

test('React comes when the filter panel opens, preloaded on hover @so-js', async ({ page }) => {
  const chunks = chunksOf(page);
  await page.goto('/investir');
  await settled(page);
  const sliders = page.locator('[data-island="sliders"]');
  await expect(sliders).toHaveAttribute('data-island-state', 'waiting');
  expect([...chunks]).not.toContain('sliders');
  const summary = page.getByText('Filtros avançados');
  await summary.hover();
  await expect(page.locator('link[rel="modulepreload"][href*="/sliders-"]')).toHaveCount(1);
  await expect(sliders).toHaveAttribute('data-island-state', 'waiting');
  await summary.click();
  await expect(sliders).toHaveAttribute('data-island-state', 'mounted');
  await expect(page.getByRole('group', { name: 'Prazo (meses)' }).getByRole('slider', { name: 'Máximo' })).toBeVisible();
});

test('the order is fetched ahead once the offering is idle, and opens with the first press of Investir @so-js', async ({
  page,
}) => {
  await login(page);
  const chunks = chunksOf(page);
  await page.goto(OFFER);
  await settled(page);
  const reserva = page.locator('[data-island="reserva"]');
  // Fetched (its chunk and React's), not run: nothing of it is on the page until the press.
  const ahead = ((await reserva.getAttribute('data-aquecer')) ?? '').split(' ');
  expect(ahead.length).toBeGreaterThanOrEqual(2);
  for (const src of ahead) await expect(page.locator(`link[rel="modulepreload"][href="${src}"]`)).toHaveCount(1);
  expect([...chunks]).toContain('reserva');
  await expect(reserva).toHaveAttribute('data-island-state', 'waiting');
  // Keyboard: Enter loads it and opens the modal at once.
  const investir = page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir' });
  await investir.focus();
  await page.keyboard.press('Enter');
  const modal = page.locator('dialog.modal-lateral');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Passo 1 de 3')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${OFFER}$`));
});

test('a browser that asks to save data fetches the order only when Investir is pressed @so-js', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
  });
  await login(page);
  const chunks = chunksOf(page);
  await page.goto(OFFER);
  await settled(page);
  // Past the loader's idle wait (3 s at the most): still nothing fetched ahead.
  await page.waitForTimeout(3500);
  expect([...chunks]).not.toContain('reserva');
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  const investir = page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir' });
  await investir.click();
  await expect(page.locator('dialog.modal-lateral').getByText('Passo 1 de 3')).toBeVisible();
});

test('the map loads when its accordion opens it into view @so-js', async ({ page }) => {
  const chunks = chunksOf(page);
  // No tiles from the internet in a test: the map's box is enough.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto(OFFER);
  await settled(page);
  const map = page.locator('[data-island="map"]');
  await expect(map).toHaveAttribute('data-island-state', 'waiting');
  expect([...chunks]).not.toContain('map');
  await page.locator('summary', { hasText: 'Localização' }).click();
  await expect(map).toHaveAttribute('data-island-state', 'mounted');
  await expect(map.getByRole('region', { name: /^Mapa: / })).toBeVisible();
  await expect(map.getByRole('link', { name: /Ver no OpenStreetMap/ })).toBeVisible();
});

test('on a phone the map draws once its stylesheet applies, and the page never widens @so-js', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  // Leaflet's stylesheet is held back, as on a slow link, until the island is up.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/leaflet-[0-9a-f]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(OFFER);
  const map = page.locator('[data-island="map"]');
  await page.locator('summary', { hasText: 'Localização' }).click();
  await expect(map).toHaveAttribute('data-island-state', 'mounted');
  expect(await overflow(page), 'wider than the window while the stylesheet loads').toBeLessThanOrEqual(0);
  await expect(map.locator('.leaflet-container')).toHaveCount(0);
  release();
  await expect(map.locator('.leaflet-container')).toBeVisible();
  expect(await overflow(page), 'wider than the window with the map drawn').toBeLessThanOrEqual(0);
});

interface Output {
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

test('React and the signals are one chunk of at most 70 KiB; each island adds at most 10 KiB of its own @so-js', async ({ request }) => {
  // esbuild's hashes are reproducible: this build's names are the ones the binary serves.
  const out = mkdtempSync(join(tmpdir(), 'colheita-orcamento-'));
  execFileSync('node', [join(ROOT, 'islands/build.mjs'), out], { stdio: 'ignore' });
  const outputs: Record<string, Output> = JSON.parse(readFileSync(join(out, 'metafile.json'), 'utf8')).outputs;
  const name = (path: string): string => path.split('/').pop() as string;
  const byName = new Map(Object.entries(outputs).map(([path, o]) => [name(path), o]));
  const react = [...byName].filter(([, o]) => Object.keys(o.inputs).some((i) => i.includes('node_modules/react-dom/')));
  expect(react.map(([n]) => n), 'one chunk holds react-dom').toHaveLength(1);
  const [reactChunk, reactOutput] = react[0];
  for (const lib of ['node_modules/react/', 'node_modules/@preact/signals-core/', 'node_modules/@preact/signals-react/']) {
    expect(Object.keys(reactOutput.inputs).some((i) => i.includes(lib)), `${lib} in ${reactChunk}`).toBe(true);
  }
  const reactBytes = await gzipBytes(request, `/assets/${reactChunk}`);
  console.log(`js-bytes react-chunk ${reactChunk} gzip=${reactBytes}`);
  expect(reactBytes).toBeLessThanOrEqual(REACT_MAX);

  // An island's own code: what it and the chunks it imports hold from this repository, outside
  // the React chunk (the shared model lives there); minified bytes, so the gzip is less.
  for (const [file, o] of byName) {
    if (!o.entryPoint || o.entryPoint === 'loader.ts') continue;
    const seen = new Set<string>();
    const walk = (n: string): number => {
      if (seen.has(n) || n === reactChunk) return 0;
      seen.add(n);
      const out = byName.get(n);
      if (!out) return 0;
      const own = Object.entries(out.inputs)
        .filter(([input]) => !input.includes('node_modules/'))
        .reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
      return own + out.imports.filter((i) => i.kind === 'import-statement').reduce((sum, i) => sum + walk(name(i.path)), 0);
    };
    const own = walk(file);
    console.log(`js-bytes own ${o.entryPoint} ${own}`);
    expect(own, o.entryPoint).toBeLessThanOrEqual(OWN_MAX);
  }
});
