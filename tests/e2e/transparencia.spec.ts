// 'Histórico da plataforma' as a visitor meets it, with and without JavaScript: several years
// of closed offerings, the default rate with its method, the CSV for a spreadsheet in
// Portuguese, and figures that agree with the offerings' own pages; axe, vnu and a 360 px phone.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { checkA11y, checkHtml, rawHtml } from './helpers';
import { overflow } from './wcag';

const URL = '/transparencia';

/** "R$ 1.234.567,89" → 123456789 (cents, exact). */
function cents(text: string): number {
  const m = /R\$\s*([\d.]+),(\d{2})/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1].replace(/\./g, '')) * 100 + Number(m[2]);
}

/** The table's rows: year → its "Valor captado" in cents. */
async function years(page: Page): Promise<Map<number, number>> {
  const rows = page.locator('main table tbody tr');
  const out = new Map<number, number>();
  for (const row of await rows.all()) {
    const year = Number((await row.locator('th').innerText()).trim());
    const raised = await row.locator('td[data-label="Valor captado"]').innerText();
    out.set(year, cents(raised));
  }
  return out;
}

/** Every offering the list shows with `status` (all its pages), by path. */
async function listed(page: Page, status: string): Promise<string[]> {
  const found = new Set<string>();
  for (let n = 1; n < 50; n += 1) {
    await page.goto(`/investir?StatusCaptacao=${status}&Page=${n}`);
    const hrefs = await page
      .locator('main a[href^="/investir/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const fresh = hrefs.filter((h) => /^\/investir\/[a-z0-9-]+$/.test(h) && !found.has(h));
    if (fresh.length === 0) break;
    for (const h of fresh) found.add(h);
  }
  return [...found];
}

/** A detail page's fact (the `dd` of the `dt` named `name`), as shown. */
async function fact(page: Page, name: string): Promise<string> {
  const dd = page.locator('main dl div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
  return (await dd.first().locator('.valor-real').count()) > 0
    ? dd.first().locator('.valor-real').innerText()
    : dd.first().innerText();
}

test('several years, the default rate and its method', async ({ page }) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Histórico da plataforma');
  const anos = [...(await years(page)).keys()];
  expect(anos.length, `years: ${anos}`).toBeGreaterThanOrEqual(4);
  // Consecutive years, oldest first: a track record, not a few scattered rows.
  anos.forEach((a, i) => i > 0 && expect(a).toBe(anos[i - 1] + 1));
  await expect(page.getByRole('heading', { level: 2, name: 'Inadimplência dos últimos 36 meses' })).toBeVisible();
  await expect(page.locator('main .destaque-valor')).toHaveText(/^\d+,\d{2}\s?%$/);
  await expect(page.locator('main')).toContainText('Como calculamos');
  // Some offering ended badly: the table counts it, as a realistic record would.
  const inadimplentes = await page.locator('main td[data-label="Inadimplentes"]').allInnerTexts();
  expect(inadimplentes.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
});

test('the CSV link downloads the table for a spreadsheet in Portuguese', async ({ page }) => {
  await page.goto(URL);
  const anos = [...(await years(page)).keys()].map(String);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'a UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter((l) => l !== '');
  expect(lines[0].split(';')[0]).toBe('Ano');
  expect(lines[0].split(';').length).toBe(10);
  expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(anos);
});

test("each past year's amount raised is the sum its closed offerings' pages show", async ({ page }) => {
  await page.goto(URL);
  const table = await years(page);
  // The years already over: every offering of them has closed (the current one may still
  // have offerings raising money, some of them already at 100 %).
  const past = [...table.keys()].slice(0, -1);
  expect(past.length).toBeGreaterThanOrEqual(3);

  const sums = new Map<number, number>();
  const counted = new Map<number, string[]>();
  for (const path of [...(await listed(page, 'Finalizado')), ...(await listed(page, 'Captado'))]) {
    await page.goto(path);
    const end = /(\d{2})\/(\d{2})\/(\d{4})/.exec(await fact(page, 'Prazo da captação'));
    const year = Number(end?.[3]);
    if (!past.includes(year)) continue;
    // What it raised, as a closed offering's page states it.
    const raised = cents(await fact(page, 'Valor captado'));
    sums.set(year, (sums.get(year) ?? 0) + raised);
    counted.set(year, [...(counted.get(year) ?? []), path]);
  }
  for (const year of past) {
    expect(sums.get(year), `${year}: ${(counted.get(year) ?? []).join(', ')}`).toBe(table.get(year));
  }
});

test('the page passes axe and vnu and fits a 360 px phone', async ({ page }, info) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(URL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await overflow(page), `${URL} is wider than 360 px`).toBe(0);
  await checkA11y(page);
  if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, URL), URL);
});
