// WCAG 2.2 checks on a representative page list (a visitor's and an investor's pages of every
// kind: lists, a detail, forms, tables as cards, charts, tabs), each mode with a screenshot per
// page in the HTML report when E2E_SCREENSHOTS=1 (helpers.ts, attachScreenshot):
//   reflow      320 × 256 CSS px, nothing wider than the window (SC 1.4.10);
//   spacing     the text-spacing override at 320 px, nothing wider (SC 1.4.12);
//   zoom        200 % browser zoom on a 1366 × 768 laptop (683 × 384 CSS px), nothing wider (SC 1.4.4);
//   forced      forced-colors: active — badges and progress bars keep a border, the focus ring
//               stays, the donut's slices and legend swatches keep distinct colours (1.4.11);
//   motion      prefers-reduced-motion: reduce — no running animation, no smooth scrolling (2.3.3).
import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot, login } from './helpers';
import { OFFER } from './paginas';
import { TEXT_SPACING, appendCss, overflow } from './wcag';

const visitorSample = ['/investir', OFFER, '/quero-investir'];
const investorSample = [
  '/',
  '/investir?Visao=cartoes',
  '/carteira?toggle=true',
  '/carteira/alocacao',
  '/minha-conta/dados-cadastrais',
  '/minha-conta/extrato?dias=90',
  '/notificacoes',
  `${OFFER}/simular?valor=10.000,00`,
];

type Mode = 'reflow' | 'spacing' | 'zoom' | 'forced' | 'motion';

/** Sets the page up for `mode` (before any page of the test is opened). */
async function setUp(page: Page, mode: Mode): Promise<void> {
  if (mode === 'reflow') await page.setViewportSize({ width: 320, height: 256 });
  if (mode === 'spacing') {
    await page.setViewportSize({ width: 320, height: 640 });
    await appendCss(page, TEXT_SPACING);
  }
  // 200 % browser zoom on a 1366 × 768 laptop: the page gets half the CSS pixels.
  if (mode === 'zoom') await page.setViewportSize({ width: 683, height: 384 });
  if (mode === 'forced') await page.emulateMedia({ forcedColors: 'active' });
  if (mode === 'motion') await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** What `mode` asks of the page now open; every problem, described. */
async function problems(page: Page, mode: Mode): Promise<string[]> {
  if (mode === 'reflow' || mode === 'spacing' || mode === 'zoom') {
    const extra = await overflow(page);
    return extra > 0 ? [`${extra} px wider than the window`] : [];
  }
  if (mode === 'motion') {
    await page.waitForLoadState('load');
    return page.evaluate(() => {
      const found: string[] = [];
      if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') found.push('smooth scrolling');
      for (const a of document.getAnimations()) {
        const t = a.effect?.getComputedTiming();
        if (a.playState === 'running' && (t?.duration ?? 0) as number > 1) found.push(`animation ${(a as CSSAnimation).animationName ?? ''}`);
      }
      return found;
    });
  }
  // Forced colours.
  await page.waitForLoadState('load');
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const shown = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    for (const e of [...document.querySelectorAll('.badge, progress')].filter(shown)) {
      const s = getComputedStyle(e);
      if (s.borderTopStyle === 'none' || parseFloat(s.borderTopWidth) < 1) out.push(`${e.tagName.toLowerCase()} "${e.textContent?.trim()}" has no border`);
    }
    const swatches = [...document.querySelectorAll('.amostra')].filter(shown).map((e) => getComputedStyle(e).backgroundColor);
    if (swatches.length && new Set(swatches).size < Math.min(swatches.length, 18)) out.push(`legend swatches share colours: ${swatches.join(' ')}`);
    const slices = [...document.querySelectorAll('svg.rosca path')].map((e) => getComputedStyle(e).fill);
    if (slices.length > 1 && new Set(slices).size < Math.min(slices.length, 18)) out.push(`donut slices share colours: ${slices.join(' ')}`);
    return out;
  });
  // The focus ring: the first Tab stop (the skip link) and the next one.
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const s = getComputedStyle(e);
      return { what: e.textContent?.trim().slice(0, 30), style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    if (ring && (ring.style === 'none' || ring.width < 2)) found.push(`no focus ring on "${ring.what}"`);
  }
  return found;
}

const MODES: Mode[] = ['reflow', 'spacing', 'zoom', 'forced', 'motion'];

for (const mode of MODES) {
  test(`WCAG 2.2 ${mode}: a visitor's pages`, async ({ page }) => {
    test.setTimeout(60_000);
    await setUp(page, mode);
    for (const path of visitorSample) {
      await page.goto(path);
      await attachScreenshot(page, `${mode}: visitor ${path}`);
      expect.soft(await problems(page, mode), `${mode} on ${path}`).toEqual([]);
    }
  });

  test(`WCAG 2.2 ${mode}: an investor's pages`, async ({ page }) => {
    test.setTimeout(90_000);
    await login(page);
    await setUp(page, mode);
    for (const path of investorSample) {
      await page.goto(path);
      await attachScreenshot(page, `${mode}: investor ${path}`);
      expect.soft(await problems(page, mode), `${mode} on ${path}`).toEqual([]);
    }
  });
}
