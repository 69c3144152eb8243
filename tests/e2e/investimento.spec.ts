// After the money goes in: from the wallet to a late holding, its story and an issuer's
// report; axe, vnu and a 360 px phone on every holding's page the wallet links to.
import { expect, test, type Page } from '@playwright/test';
import { checkA11y, checkHtml, login, rawHtml } from './helpers';
import { overflow } from './wcag';

const LATE = /^Atrasado há \d+ dias?$/;

/** The holdings' pages the wallet links to, in the wallet's order. */
async function holdings(page: Page): Promise<string[]> {
  await page.goto('/carteira?toggle=true');
  return page
    .locator('details.acordeao a[href^="/carteira/investimentos/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test('from the wallet to a late holding, its timeline and a report', async ({ page }) => {
  await login(page);
  await page.goto('/carteira');
  const late = page
    .locator('details.acordeao')
    .filter({ has: page.locator('summary .badge', { hasText: LATE }) })
    .first();
  const name = ((await late.locator('summary h2').textContent()) ?? '').trim();
  expect(name).not.toBe('');
  // The accordion opens on its summary with or without JS (a native <details>).
  await late.locator('summary').click();
  await late.getByRole('link', { name: /^Acompanhar investimento/ }).click();
  await expect(page).toHaveURL(/\/carteira\/investimentos\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('.situacao .badge')).toHaveText(LATE);
  await expect(page.locator('.situacao')).toContainText('Próximo pagamento previsto');
  // The story, newest first: the dates of its <time>s never go up.
  await expect(page.getByRole('heading', { level: 2, name: 'Linha do tempo' })).toBeVisible();
  const dates = await page
    .locator('#linha-do-tempo + ol > li time')
    .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(1);
  expect([...dates].sort().reverse()).toEqual(dates);
  await expect(page.locator('#linha-do-tempo + ol')).toContainText(/atraso/);
  // An issuer's report is the PDF itself.
  await expect(page.getByRole('heading', { level: 2, name: 'Atualizações da emissora' })).toBeVisible();
  const report = page.locator('#atualizacoes + ol a[href$="/relatorio"]').first();
  await expect(report).toContainText('Abrir o relatório (PDF');
  const href = (await report.getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Back to the wallet.
  await page.getByRole('link', { name: 'Voltar para a carteira' }).click();
  await expect(page).toHaveURL(/\/carteira$/);
});

test('every holding page passes axe and vnu and fits a 360 px phone', async ({ page }, info) => {
  // Six pages or more, each checked by axe (and vnu without JS), on a machine shared by four suites.
  test.setTimeout(180_000);
  await login(page);
  const pages = await holdings(page);
  expect(pages.length).toBeGreaterThanOrEqual(6);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const url of pages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overflow(page), `${url} is wider than 360 px`).toBe(0);
    await checkA11y(page);
    if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, url), url);
  }
});
