// The address's CEP: with JavaScript the mask writes #####-### as the digits are typed, and
// masks what was typed before it arrived; without it the plain field takes the digits as typed
// (the server accepts both shapes).
import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('the CEP is masked while typing @so-js', async ({ page }) => {
  await login(page);
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  const cep = page.getByLabel('CEP');
  await cep.fill('');
  await cep.pressSequentially('78890000');
  await expect(cep).toHaveValue('78890-000');
});

test('without JavaScript the CEP keeps what was typed @so-nojs', async ({ page }) => {
  await login(page);
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  const cep = page.getByLabel('CEP');
  await cep.fill('78890000');
  await expect(cep).toHaveValue('78890000');
});

test('digits typed before the mask arrives are masked when it does @so-js', async ({ page }) => {
  await login(page);
  // The mask's chunk is held back until the CEP is typed, as on a slow phone.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/mascara-[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  const cep = page.getByLabel('CEP');
  await cep.fill('');
  await cep.pressSequentially('78890000');
  await expect(page.locator('[data-island="mascara"]')).not.toHaveAttribute('data-island-state', 'mounted');
  release();
  await expect(page.locator('[data-island="mascara"]')).toHaveAttribute('data-island-state', 'mounted');
  await expect(cep).toHaveValue('78890-000');
});
