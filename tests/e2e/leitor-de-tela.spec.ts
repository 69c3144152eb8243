// What a screen reader says (each page's <title>, which names the page before the product, is
// checked where every page is opened, foco.spec.ts): every chart's text alternative states the
// numbers the chart shows (the server's SVG and table without JS, the canvas with JS); a
// countdown is a date without JS and, with JS, the same date with the time left beside it,
// hidden from screen readers, and a polite timer that speaks at most once a minute
// (countdown.spec.ts holds the minute-by-minute proof).
import { expect, test } from '@playwright/test';
import { login } from './helpers';
import { OFFER } from './paginas';

const js = (): boolean => test.info().project.name === 'js';

test("the wallet's donuts say each slice and its share", async ({ page }) => {
  await login(page);
  for (const path of ['/', '/carteira/alocacao']) {
    await page.goto(path);
    const svg = page.locator('[data-island="rosca"] svg[role="img"]').first();
    const label = (await svg.getAttribute('aria-label')) ?? '';
    expect(label, `${path}: the donut's name has percentages`).toMatch(/: .+, \d+,\d{2}\s?%/);
    if (js()) {
      // The island takes over when the donut is hovered; the canvas keeps the same words.
      await svg.hover();
      const canvas = page.locator('[data-island="rosca"] canvas[role="img"]').first();
      await expect(canvas).toHaveAttribute('aria-label', label);
    }
  }
});

test("the simulation's chart says the installments' numbers", async ({ page }) => {
  await page.goto(`${OFFER}/simular?valor=10.000,00`);
  const tables = page.getByRole('table').filter({ has: page.locator('caption', { hasText: 'Parcelas —' }) });
  if (js()) {
    const canvas = page.locator('canvas[role="img"]');
    await page.getByRole('heading', { name: 'Resultados' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect(canvas).toHaveCount(1);
    const label = (await canvas.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Parcelas previstas por cenário, de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\./);
    expect(label).toMatch(/\d+ parcelas? de R\$\s?[\d.]+,\d{2}.*total R\$\s?[\d.]+,\d{2}/);
    // The table of every installment stays, one press away.
    await expect(page.getByText('Ver dados em tabela')).toBeVisible();
  } else {
    expect(await tables.count(), 'a table per scenario').toBeGreaterThan(0);
    await expect(tables.first().getByRole('cell', { name: /R\$/ }).first()).toBeVisible();
  }
});

test('a countdown is a date without JS, and with JS the date with the time left hidden from screen readers beside a polite timer', async ({ page }) => {
  await page.goto(OFFER);
  const island = page.locator('[data-island="countdown"]').first();
  await expect(island.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
  if (!js()) {
    await expect(island.locator('[aria-live]')).toHaveCount(0);
    return;
  }
  // The time left comes once the investor touches the page, never before: not even when the
  // layout moves under a resting pointer (a pointermove with no movement, as Chromium sends).
  await expect(island).toHaveAttribute('data-island-state', 'waiting');
  await page.evaluate(() => document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
  await page.waitForTimeout(300);
  await expect(island).toHaveAttribute('data-island-state', 'waiting');
  await page.mouse.move(5, 5);
  await expect(island).toHaveAttribute('data-island-state', 'mounted');
  await expect(island.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
  await expect(island.locator('.contagem-restante')).toHaveAttribute('aria-hidden', 'true');
  await expect(island.locator('.contagem-restante')).toHaveText(/^ \(faltam? \d+ dias?/);
  const timer = island.getByRole('timer');
  await expect(timer).toHaveAttribute('aria-live', 'polite');
  await expect(timer).toHaveText(/^Falta/);
});
