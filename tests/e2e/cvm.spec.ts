// The investor duties of CVM Resolution 88 as a new investor lives them, with and without JS:
// the warning and the essential information on the offering, the annual-limit declaration,
// the limit stopping an order with the room shown, the risk term before confirming, and the
// withdrawal from the wallet with its refund in the statement. Every page: axe, and (nojs) vnu.
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_URL, checkA11y, checkHtml, login, rawHtml } from './helpers';

const OFFER = '/investir/fazenda-santa-luzia-soja-2027';

async function checkStep(page: Page, label: string): Promise<void> {
  await checkA11y(page);
  if (test.info().project.name === 'nojs') await checkHtml(await rawHtml(page, page.url()), label);
}

/** A synthetic investor of its own per project and retry (the suite seeds four). */
function investor(): string {
  const n = (test.info().project.name === 'nojs' ? 3 : 1) + Math.min(test.info().retry, 1);
  return `carga-00${n}@colheita.dev`;
}

test('declare, be stopped by the limit, accept the risk term, confirm and withdraw', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page, investor());

  // The declaration, in the account area.
  await page.goto('/minha-conta/declaracao-investidor');
  await expect(page.getByRole('heading', { name: 'Declaração de investidor', exact: true })).toBeVisible();
  await page.getByLabel('Não sou investidor qualificado').check();
  await page.getByLabel('Até R$ 200.000,00').check();
  await page.getByLabel('Já investido neste ano em outras plataformas', { exact: false }).fill('15.000,00');
  await page.getByRole('button', { name: 'Salvar declaração' }).click();
  await expect(page.getByRole('dialog')).toContainText('Confirme que as informações declaradas são verdadeiras.');
  await expect(page.getByLabel('Já investido neste ano em outras plataformas', { exact: false })).toHaveValue('15.000,00');
  await checkStep(page, 'declaração recusada');
  await page.getByLabel('Declaro que as informações acima são verdadeiras.').check();
  await page.getByRole('button', { name: 'Salvar declaração' }).click();
  await expect(page.getByRole('dialog')).toContainText('Sua declaração de investidor foi registrada.');
  await expect(page.locator('.limite-anual')).toContainText('R$ 5.000,00');
  await checkStep(page, 'declaração');

  // The order: the room shown, an amount above it refused.
  await page.goto(`${OFFER}/ordem`);
  await expect(page.locator('#limite-disponivel')).toContainText('R$ 5.000,00');
  await page.getByLabel('Valor do investimento (R$)').fill('6.000,00');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'O valor ultrapassa o seu limite anual de investimento. Você ainda pode investir R$ 5.000,00 neste ano.',
  );
  await checkStep(page, 'ordem acima do limite');
  await page.getByLabel('Valor do investimento (R$)').fill('3.000,00');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Termo de Ciência de Risco/ })).toBeVisible();
  await page.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('dialog')).toContainText('Aceite o Termo de Ciência de Risco para confirmar o investimento.');
  await checkStep(page, 'termo de ciência de risco');
  await page.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 3 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar investimento' }).click();
  await expect(page.getByRole('dialog')).toContainText('Investimento reservado com sucesso.');
  const id = new URL(page.url()).pathname.split('/').pop();

  // The back office receives the Pix (sandbox only).
  const paid = await request.post(`${SANDBOX_URL}/sandbox/reservas/${id}/pagar`);
  expect(paid.status()).toBe(200);

  // The wallet says until when the withdrawal is possible; the withdrawal asks first.
  await page.goto('/carteira?toggle=true');
  await expect(page.getByText('Desistência disponível até', { exact: false }).first()).toBeVisible();
  await page.locator(`a[href="/carteira/reservas/${id}/desistencia"]`).click();
  await expect(page.getByRole('heading', { name: 'Desistir do investimento' })).toBeVisible();
  await expect(page.getByText('você recebe de volta todo o valor pago', { exact: false })).toBeVisible();
  await checkStep(page, 'desistência');
  await page.getByRole('button', { name: 'Confirmar desistência' }).click();
  await expect(page).toHaveURL(/\/carteira$/);
  await expect(page.getByRole('dialog')).toContainText('Desistência registrada');
  await expect(page.getByRole('heading', { name: 'Desistências e cancelamentos' })).toBeVisible();
  await expect(page.getByText('Desistência do investidor').first()).toBeVisible();
  await checkStep(page, 'carteira com desistência');

  // The refund in the statement.
  await page.goto('/minha-conta/extrato');
  await expect(page.getByText('Estorno do aporte em', { exact: false }).first()).toBeVisible();
});
