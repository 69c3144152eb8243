// Offerings as a visitor uses them, with and without JavaScript: filter (sliders with
// the keyboard, or the number inputs), sort a column twice, paginate, open a detail, scroll the
// gallery with the keyboard, simulate (modal with JS, page without), download the PDF.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkA11y, checkHtml, rawHtml } from './helpers';

const SANTA_LUZIA = 'Fazenda Santa Luzia – Soja safra 2026/27';
const SANTA_LUZIA_URL = '/investir/fazenda-santa-luzia-soja-2027';

const jsOn = (): boolean => test.info().project.use.javaScriptEnabled !== false;

/** The term column ("12 meses") of the list, as numbers. */
async function terms(page: Page): Promise<number[]> {
  const cells = await page.locator('table.tabela-captacoes tbody td:nth-of-type(2)').allInnerTexts();
  return cells.map((t) => Number.parseInt(t, 10));
}

function termRange(page: Page): Locator {
  return page.getByRole('group', { name: 'Prazo (meses)' });
}

test('filter the term up to 24 months', async ({ page }) => {
  await page.goto('/investir');
  await page.getByText('Filtros avançados').click();
  if (jsOn()) {
    // The sliders island: native range thumbs, moved with the keyboard.
    const max = termRange(page).getByRole('slider', { name: 'Máximo' });
    await expect(max).toBeVisible();
    await max.focus();
    await max.press('Home');
    for (let i = 0; i < 24; i++) await max.press('ArrowRight');
    await expect(max).toHaveValue('24');
    await expect(termRange(page).getByText('0 meses – 24 meses')).toBeVisible();
  } else {
    // Without JS: plain number inputs, the keyboard alternative to dragging.
    await termRange(page).getByRole('spinbutton', { name: 'Máximo' }).fill('24');
  }
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  // The address carries the platform's parameter (the server folds the form's two ends into it).
  await expect(page).toHaveURL(/[?&]Vencimento=0-24\b/);
  const found = await terms(page);
  expect(found.length).toBeGreaterThan(0);
  for (const t of found) expect(t).toBeLessThanOrEqual(24);
  // Links on the result carry the filter under the platform's name.
  await expect(page.getByRole('link', { name: 'Nome da fazenda (ordenar)' })).toHaveAttribute(
    'href',
    /Vencimento=0-24/,
  );
});

test('sort a column twice, then paginate', async ({ page }) => {
  await page.goto('/investir');
  const header = page.getByRole('columnheader', { name: 'Nome da fazenda (ordenar)' });
  await page.getByRole('link', { name: 'Nome da fazenda (ordenar)' }).click();
  await expect(page).toHaveURL(/OrderByField=NomeCaptacao&OrderByCriteria=ASC/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await page.locator('table.tabela-captacoes tbody th[scope=row]').first().innerText();
  await page.getByRole('link', { name: 'Nome da fazenda (ordenar)' }).click();
  await expect(page).toHaveURL(/OrderByField=NomeCaptacao&OrderByCriteria=DESC/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = await page.locator('table.tabela-captacoes tbody th[scope=row]').first().innerText();
  expect(descending).not.toBe(ascending);

  const pages = page.getByRole('navigation', { name: 'Paginação' });
  await pages.getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/Page=2/);
  await expect(page).toHaveURL(/OrderByCriteria=DESC/);
  await expect(pages.locator('a[aria-current=page]')).toHaveText('2');
  await expect(page.locator('table.tabela-captacoes tbody tr')).not.toHaveCount(0);
});

test('open a detail and scroll the gallery with the keyboard', async ({ page }) => {
  await page.goto('/investir');
  await page.getByLabel('Buscar captação').fill('Santa Luzia');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: SANTA_LUZIA, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${SANTA_LUZIA_URL}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SANTA_LUZIA);

  await page.locator('summary', { hasText: 'Galeria' }).click();
  const carousel = page.getByRole('list', { name: /Galeria de imagens e vídeos/ });
  await expect(carousel).toBeVisible();
  const second = carousel.getByRole('listitem').nth(1);
  const before = (await second.boundingBox())?.x ?? 0;
  await carousel.focus();
  await expect(carousel).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  await expect.poll(async () => (await second.boundingBox())?.x ?? 0).toBeLessThan(before);
});

test('simulate an investment', async ({ page }) => {
  await page.goto(SANTA_LUZIA_URL);
  await page.locator('#investir').getByRole('link', { name: 'Simular' }).click();
  const amount = page.getByLabel('Valor do investimento (R$)');
  if (jsOn()) {
    // A modal on the detail page; the server renders its panel.
    const dialog = page.getByRole('dialog', { name: 'Simule o seu investimento' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${SANTA_LUZIA_URL}$`));
    await expect(amount).toBeFocused();
    // Focus stays inside the modal: Tab and Shift+Tab cycle through its controls.
    for (const key of ['Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await amount.focus();
    await amount.pressSequentially('1000000');
    await expect(amount).toHaveValue('10.000,00');
    await dialog.getByRole('button', { name: 'Simular' }).click();
    await expect(dialog.getByRole('heading', { name: 'Cenário base' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Cenário com reinvestimento' })).toBeVisible();
    await expect(dialog.locator('.cenarios').getByText('R$ 11.750,00')).toBeVisible();
    // The chart island mounts inside the modal (its table stays under "Ver dados em tabela").
    const chart = dialog.locator('[data-island=chart]');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-island-state', 'mounted');
    await expect(chart.locator('canvas')).toBeVisible();
    // axe on the page with the modal open and its results shown.
    await checkA11y(page);
    // Simulating again replaces the results: the first chart's island is unmounted with them
    // (no root left running for a node no one sees), and the new one mounts.
    const first = await chart.elementHandle();
    await amount.fill('20.000,00');
    await dialog.getByRole('button', { name: 'Simular' }).click();
    await expect(dialog.locator('.cenarios').getByText('R$ 23.500,00')).toBeVisible();
    await expect.poll(() => first?.evaluate((el) => (el as HTMLElement).dataset.islandState)).toBe('unmounted');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-island-state', 'mounted');
    // The server refuses a zero amount; its 'Atenção!' stays in the modal's flow (no alert
    // over the modal to close), tied to the field, which takes the focus.
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Simular' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText('Atenção!');
    await expect(dialog.locator('dialog.alerta')).toHaveCount(0);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAttribute('aria-describedby', (await refusal.getAttribute('id')) ?? 'x');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('0,00');
    // Esc closes the modal and focus goes back to the link.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('#investir').getByRole('link', { name: 'Simular' })).toBeFocused();
  } else {
    await expect(page).toHaveURL(new RegExp(`${SANTA_LUZIA_URL}/simular$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simule o seu investimento');
    await amount.fill('10.000,00');
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect(page).toHaveURL(/simular\?valor=10\.000%2C00/);
    await expect(page.getByRole('heading', { name: 'Cenário base' })).toBeVisible();
    await expect(page.locator('.cenarios').getByText('R$ 11.750,00')).toBeVisible();
    // Without JS the chart is its data table, one per scenario.
    await expect(page.getByRole('table', { name: 'Parcelas — Cenário base' }).locator('tbody tr')).toHaveCount(12);
  }
});

test('download the operation PDF', async ({ page }) => {
  await page.goto(SANTA_LUZIA_URL);
  const link = page.getByRole('link', { name: /Baixar informações da operação \(PDF\)/ });
  await expect(link).toHaveAttribute('href', `${SANTA_LUZIA_URL}/documento`);
  const response = page.context().waitForEvent('response', (r) => r.url().endsWith(`${SANTA_LUZIA_URL}/documento`));
  await link.click();
  const res = await response;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  // (Chromium shows the file in its PDF viewer; the bytes are checked in tests/app.)
});

// Resolução CVM nº 88/2022: the warning, the essential information and the risk alerts are on
// the detail before the details, with and without JS; the warning is on the list too.
test('the CVM warning and the essential information on a detail', async ({ page }) => {
  await page.goto(SANTA_LUZIA_URL);
  const aviso = page.getByRole('complementary', { name: 'Aviso da CVM' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText(
    'As sociedades empresárias de pequeno porte e as ofertas apresentadas nesta plataforma estão automaticamente dispensadas de registro',
  );
  const essenciais = page.getByRole('region', { name: 'Informações essenciais' });
  await expect(essenciais).toBeVisible();
  await expect(essenciais.getByText('Valor alvo mínimo', { exact: true })).toBeVisible();
  await expect(essenciais.getByText('R$ 1.000.000,00')).toBeVisible();
  await expect(essenciais.getByText('Distribuição parcial', { exact: true })).toBeVisible();
  await expect(essenciais.getByText('A oferta é cancelada e todo o valor investido é devolvido integralmente.')).toBeVisible();

  // The warning's link reaches the risk alerts on the same page.
  await aviso.getByRole('link', { name: 'Alertas de risco' }).click();
  await expect(page).toHaveURL(/#alertas-de-risco$/);
  const alertas = page.getByRole('region', { name: 'Alertas de risco' });
  await expect(alertas).toBeInViewport();
  await expect(alertas.getByRole('listitem')).toHaveCount(6);

  // Its PDF link answers the PDF.
  const pdf = aviso.getByRole('link', { name: /Informações essenciais da oferta \(PDF\)/ });
  const href = await pdf.getAttribute('href');
  expect(href).toBe(`${SANTA_LUZIA_URL}/documento?tipo=InformacoesEssenciais`);
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');

  await checkA11y(page);
  await checkHtml(await rawHtml(page, SANTA_LUZIA_URL), SANTA_LUZIA_URL);
});

test('the CVM warning on the list', async ({ page }) => {
  await page.goto('/investir');
  const aviso = page.getByRole('complementary', { name: 'Aviso da CVM' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText('A CVM não analisa previamente as ofertas.');
  await checkA11y(page);
  await checkHtml(await rawHtml(page, '/investir'), '/investir');
});
