// The address's CEP: with JavaScript the mask writes #####-### as the digits are typed;
// without it the plain field takes the digits as typed (the server accepts both shapes).
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
