// Rentabilidade realizada: from the wallet to the page, its rates and its diversification;
// axe, vnu and a 360 px phone.
import { expect, test } from '@playwright/test';
import { checkA11y, checkHtml, login, rawHtml } from './helpers';
import { overflow } from './wcag';

const URL = '/carteira/rentabilidade';

test('from the wallet to the realised return and the diversification', async ({ page }) => {
  await login(page);
  await page.goto('/carteira');
  await page.getByRole('link', { name: 'Rentabilidade realizada' }).click();
  await expect(page).toHaveURL(/\/carteira\/rentabilidade$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rentabilidade realizada');
  await expect(page.locator('#carteira-toda th')).toHaveText('Carteira toda');
  await expect(page.getByRole('heading', { level: 2, name: 'Diversificação' })).toBeVisible();
  // Five splits, each a table with its chart named as an image.
  for (const chave of ['emissor', 'uf', 'garantia', 'rating', 'vencimento']) {
    await expect(page.locator(`#tabela-${chave} tbody tr`).first()).toBeVisible();
    await expect(page.locator(`svg#grafico-${chave}[role="img"]`)).toBeVisible();
  }
});

test('the page passes axe and vnu and fits a 360 px phone', async ({ page }, info) => {
  await login(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(URL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await overflow(page), `${URL} is wider than 360 px`).toBe(0);
  await checkA11y(page);
  if (info.project.name === 'nojs') await checkHtml(await rawHtml(page, URL), URL);
});
