// Keyboard-only journeys, with and without JavaScript: after logging in, no click: Tab to the
// control, then type, Space or Enter, and each journey ends with what the person wanted done
// (personal data and address saved, the statement filtered, a notification read and the
// notification settings changed). rafael (ativa@) is the person of the journeys that change
// something, so the other specs' investors stay as they were.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { INVESTIDOR, login } from './helpers';

const RAFAEL = 'ativa@colheita.dev';
const SAVED = 'Informações atualizadas com sucesso.';
/** More Tab presses than any page here has stops: the loop below gives up after that. */
const MAX_TABS = 200;

const js = (): boolean => test.info().project.name === 'js';

/** Presses Tab until `target` has the focus (it may have it already). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeAttached();
  for (let i = 0; i <= MAX_TABS; i++) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Replaces a text field's value, typing as a person does. */
async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** The one-shot alert after a save: its message, then closed with the keyboard. */
async function closeAlert(page: Page, message: string): Promise<void> {
  const alert = page.locator('dialog.alerta[open]');
  await expect(alert.locator('p').first()).toHaveText(message);
  await tabTo(page, alert.getByRole('button', { name: 'Fechar' }));
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(0);
}

test('personal data and address are updated with the keyboard alone', async ({ page }) => {
  await login(page, RAFAEL);
  const rg = js() ? '7654321' : '7654322';
  await page.goto('/minha-conta/dados-cadastrais');
  await retype(page, page.getByLabel('Número do RG'), rg);
  await tabTo(page, page.getByRole('button', { name: 'Salvar informações' }));
  await page.keyboard.press('Enter');
  await closeAlert(page, SAVED);
  await page.goto('/minha-conta/dados-cadastrais');
  await expect(page.getByLabel('Número do RG')).toHaveValue(rg);

  const complemento = js() ? 'Casa 2' : 'Casa 3';
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  await retype(page, page.getByLabel('Complemento'), complemento);
  await tabTo(page, page.getByRole('button', { name: 'Salvar endereço' }));
  await page.keyboard.press('Enter');
  await closeAlert(page, SAVED);
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  await expect(page.getByLabel('Complemento')).toHaveValue(complemento);
});

test('the statement is filtered with the keyboard alone', async ({ page }) => {
  await login(page, INVESTIDOR);
  await page.goto('/minha-conta/extrato');
  // With JS 'Filtrar' opens the side panel; without, it leads to the panel on the page.
  await tabTo(page, page.getByRole('link', { name: 'Filtrar', exact: true }));
  await page.keyboard.press('Enter');
  const panel = js() ? page.getByRole('dialog', { name: 'Filtrar extrato' }) : page.locator('#filtro-extrato');
  await expect(panel).toBeVisible();
  await retype(page, panel.getByLabel('Buscar'), 'Soja');
  await tabTo(page, panel.getByRole('button', { name: 'Aplicar filtros' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/FieldSearch=Soja/);
  await expect(page.locator('p.resumo-filtro')).toContainText('Soja');
  const lines = page.locator('table.tabela-cartoes tbody tr');
  expect(await lines.count(), 'lines found').toBeGreaterThan(0);
  for (const text of await lines.allTextContents()) expect.soft(text).toMatch(/soja/i);
});

test('a notification is read and the settings changed with the keyboard alone', async ({ page }) => {
  await login(page, RAFAEL);
  await page.goto('/notificacoes');
  const first = page.locator('a.notificacao-abrir').first();
  const title = (await first.textContent())?.trim() ?? '';
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page.locator('.notificacao-detalhe h2')).toHaveText(title);
  if (js()) {
    await page.keyboard.press('Escape');
  } else {
    await tabTo(page, page.getByRole('link', { name: 'Voltar para notificações' }));
    await page.keyboard.press('Enter');
  }
  // Back on the list (the modal closed, or the page's link followed).
  await expect(page).toHaveURL(/\/notificacoes$/);
  await expect(page.locator('.notificacao-detalhe')).toBeHidden();
  await page.goto('/notificacoes?aba=lidos');
  await expect(page.locator('a.notificacao-abrir', { hasText: title }).first()).toBeVisible();

  // App notifications off (Space on the switch), saved; then on again.
  for (const on of [false, true]) {
    await tabTo(page, page.getByRole('link', { name: 'Configurar notificações' }));
    await page.keyboard.press('Enter');
    const app = page.getByRole('switch', { name: 'Aplicativo' });
    await tabTo(page, app);
    if ((await app.isChecked()) !== on) await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Salvar', exact: true }));
    await page.keyboard.press('Enter');
    await closeAlert(page, SAVED);
    // With JS the settings' side panel has closed again: the switch is there, hidden.
    await expect(page.getByRole('switch', { name: 'Aplicativo', includeHidden: true })).toBeChecked({ checked: on });
  }
});
