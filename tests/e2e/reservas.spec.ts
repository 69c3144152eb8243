// The order flow as an investor lives it: with JS in the side modal, without JS page by page;
// Pix ends on the QR code and the copyable code, partner debit on 'Em análise'. Every step is
// checked by axe, and (nojs) its server HTML by vnu.
import { expect, test, type Page } from '@playwright/test';
import { checkA11y, checkHtml, login, rawHtml } from './helpers';

const OFFER = '/investir/fazenda-santa-luzia-soja-2027';

async function checkStep(page: Page, label: string): Promise<void> {
  await checkA11y(page);
  if (test.info().project.name === 'nojs') await checkHtml(await rawHtml(page, page.url()), label);
}

// Runs in the nojs project only (its tag is excluded from the js project in the config).
test('Pix order, page by page without JS', { tag: '@so-nojs' }, async ({ page }) => {
  // Five steps, each checked by axe and vnu (a JVM start each): more than the default 30 s.
  test.setTimeout(120_000);
  await login(page);
  await page.goto(OFFER);
  await page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir' }).click();
  await expect(page.getByText('Passo 1 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toContainText('Necessário preencher todos os campos para prosseguir.');
  await checkStep(page, 'ordem passo 1 com erro');
  await page.getByLabel('Valor do investimento (R$)').fill('1.500,00');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
  await checkStep(page, 'ordem passo 2');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toContainText('Necessário concordar com os termos para prosseguir.');
  await page.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await page.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 3 de 3')).toBeVisible();
  await checkStep(page, 'ordem passo 3');
  await page.getByRole('button', { name: 'Confirmar investimento' }).click();
  await expect(page.getByRole('dialog')).toContainText('Investimento reservado com sucesso.');
  await expect(page.getByRole('heading', { name: 'Aporte pendente' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  expect(code.startsWith('000201')).toBe(true);
  await checkStep(page, 'status Pix');
  // The one-shot 'Sucesso!' alert first, then the screen's own 'Fechar' back to the detail.
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('link', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(new RegExp(`${OFFER}$`));
});

// The island: runs in the js project only.
test('Pix order in the side modal with JS, copying the code', { tag: '@so-js' }, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await page.goto(OFFER);
  await page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir' }).click();
  const modal = page.locator('dialog.modal-lateral');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Passo 1 de 3')).toBeVisible();
  const valor = modal.getByLabel('Valor do investimento (R$)');
  await valor.pressSequentially('250000');
  await expect(valor).toHaveValue('2.500,00');
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal.getByText('Passo 2 de 3')).toBeVisible();
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal.getByRole('alert')).toContainText('Necessário concordar com os termos para prosseguir.');
  await modal.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await modal.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal.getByText('Passo 3 de 3')).toBeVisible();
  await checkA11y(page);
  await modal.getByRole('button', { name: 'Confirmar investimento' }).click();
  await expect(modal.getByText('Investimento reservado com sucesso.')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Aporte pendente' })).toBeVisible();
  await expect(modal.getByRole('timer')).toBeVisible();
  await modal.getByRole('button', { name: 'Copiar código Pix' }).click();
  await expect(modal.getByText('Código Pix copiado com sucesso!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('000201')).toBe(true);
  await checkA11y(page);
  // Esc closes the modal and the detail reloads.
  await page.evaluate(() => ((window as unknown as { marca?: number }).marca = 1));
  await modal.getByRole('heading', { name: 'Detalhe da reserva' }).focus();
  await page.keyboard.press('Escape');
  // Closing reloads the detail: the marker set on the old page is gone.
  await expect
    .poll(
      // While the page reloads the old context is gone: poll again.
      () => page.evaluate(() => (window as unknown as { marca?: number }).marca).catch(() => 'recarregando'),
      { timeout: 15_000 },
    )
    .toBeUndefined();
  await expect(modal).toBeHidden();
});

test('partner debit ends in analysis', async ({ page }) => {
  await login(page, 'ativa@colheita.dev');
  await page.goto(`${OFFER}/ordem`);
  await page.getByLabel('Valor do investimento (R$)').fill('2.000,00');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await page.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Débito em conta na corretora parceira')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar investimento' }).click();
  await expect(page.getByRole('heading', { name: 'Em análise' })).toBeVisible();
  await expect(page.getByText(/Se não for aprovada, o pagamento passará a ser por Pix/)).toBeVisible();
  await checkStep(page, 'status em análise');
});

test('a basic profile is told to complete the registration', async ({ page }) => {
  await login(page, 'basico@colheita.dev');
  await page.goto(`${OFFER}/ordem`);
  await expect(page.getByRole('heading', { name: 'Complete o seu cadastro para investir' })).toBeVisible();
  await checkStep(page, 'ordem perfil básico');
});
