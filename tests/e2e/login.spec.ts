// Logging in and out through the sandbox's login page, with and without JavaScript.
import { expect, test } from '@playwright/test';
import { APP_URL, INVESTIDOR, expectLoginPage, login, submitLogin } from './helpers';

test('a visitor is sent to the login page and comes back logged in', async ({ page }) => {
  await page.goto('/');
  await expectLoginPage(page);
  await submitLogin(page, INVESTIDOR);
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('banner').getByText('Olá, Ana')).toBeVisible();
});

test('a wrong password shows the error and keeps the e-mail', async ({ page }) => {
  await page.goto('/');
  await expectLoginPage(page);
  await submitLogin(page, INVESTIDOR, 'senha-errada');
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(INVESTIDOR);
});

test('logging out ends on the login page and / asks for login again', async ({ page }) => {
  await login(page);
  const sair = page.getByRole('button', { name: 'Sair' });
  if (!(await sair.isVisible())) {
    // The button lives in the profile menu (a <details> in the header).
    await page.getByRole('banner').getByText('Olá, Ana').click();
  }
  await sair.click();
  await expectLoginPage(page);
  await page.goto('/');
  await expectLoginPage(page);
});
