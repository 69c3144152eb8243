// Keyboard-only journeys, with and without JavaScript: no click: Tab (or Shift+Tab) to the
// control, then type, Space or Enter, and each journey ends with what the person wanted done
// (personal data and address saved, the statement filtered, a notification read and the
// notification settings changed, a document sent after a refused one, an investment
// withdrawn, the profile's verification requested). Every control reached is shown: visible,
// on the screen, with its focus ring. rafael (ativa@) is the person of the journeys that
// change something, and a new sign-up, made with the keyboard as well (Básico, so documents
// can be sent and the verification asked), the one of the upload and of the verification, so
// the other specs' investors stay as they were.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP_URL, DATA_DIR, INVESTIDOR, SANDBOX_URL, checkA11y, checkHtml, login, rawHtml } from './helpers';

const RAFAEL = 'ativa@colheita.dev';
const SAVED = 'Informações atualizadas com sucesso.';
/** More Tab presses than any page here has stops: the loop below gives up after that. */
const MAX_TABS = 200;

const js = (): boolean => test.info().project.name === 'js';

/**
 * Presses Tab (or Shift+Tab, back up the page) until `target` has the focus (it may have it
 * already), then checks a sighted keyboard user sees where it is: the control is visible, on
 * the screen and draws its focus ring (`:focus-visible`).
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeAttached();
  for (let i = 0; i <= MAX_TABS; i++) {
    if (await target.evaluate((e) => e === document.activeElement)) {
      await expect(target, 'the focused control is shown').toBeVisible();
      await expect(target, 'the focused control is on the screen').toBeInViewport();
      const ring = await target.evaluate((e) => {
        const s = getComputedStyle(e);
        return e.matches(':focus-visible') && (s.outlineStyle !== 'none' || s.boxShadow !== 'none');
      });
      expect(ring, `${target} draws its focus ring`).toBe(true);
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Picks a native select's option by typing the start of its text (the browser's type-ahead). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(option);
  await expect(select.locator('option:checked')).toHaveText(new RegExp(`^${option}`));
}

/** Follows a link (or opens a disclosure) with Tab, or Shift+Tab, and Enter. */
async function follow(page: Page, link: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await tabTo(page, link, key);
  await page.keyboard.press('Enter');
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
  // The title is the detail's heading: the dialog's with JS, the page's h2 without.
  await expect(page.getByRole(js() ? 'dialog' : 'main').getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
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

/** A valid CPF nobody has: random base, mod-11 check digits. */
function newCpf(): string {
  for (;;) {
    const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (d.every((x) => x === d[0])) continue;
    for (let k = 0; k < 2; k++) {
      const n = d.length + 1;
      d.push(((d.reduce((acc, x, i) => acc + x * (n - i), 0) * 10) % 11) % 10);
    }
    return d.join('');
  }
}

/** A small valid JPEG, written to disk. */
function photo(): string {
  const dir = resolve(DATA_DIR, 'arquivos');
  mkdirSync(dir, { recursive: true });
  const seg = (marker: number, payload: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  const path = resolve(dir, 'teclado.jpg');
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'binary')),
      seg(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
      seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
      Buffer.from([0x12, 0x34, 0xff, 0xd9]),
    ]),
  );
  return path;
}

/**
 * A new investor signs up, reads the temporary password in the sandbox's outbox (another
 * tab, standing in for the mailbox), logs in and sets a password: with the keyboard too.
 */
async function newInvestor(page: Page): Promise<void> {
  const email = `teclado.${test.info().project.name}.${Date.now()}@exemplo.com.br`;
  await page.goto('/quero-investir');
  await retype(page, page.getByLabel('Nome completo', { exact: true }), 'Tereza Teclado');
  await retype(page, page.getByLabel('E-mail', { exact: true }), email);
  await retype(page, page.getByLabel('Celular/WhatsApp', { exact: true }), '11987654321');
  await retype(page, page.getByLabel('CPF', { exact: true }), newCpf());
  const terms = page.getByRole('checkbox', { name: /Li e aceito os termos/ });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Enviar' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${APP_URL}/quero-investir/sucesso`);

  const mailbox = await page.context().newPage();
  await mailbox.goto(`${SANDBOX_URL}/caixa-de-saida`);
  const mail = mailbox.getByRole('article').filter({ hasText: email });
  const password = /Senha temporária: (\S+)/.exec(await mail.innerText())?.[1] ?? '';
  await mailbox.close();

  await follow(page, page.getByRole('link', { name: 'Ir para o login' }));
  await retype(page, page.getByLabel('E-mail'), email);
  await retype(page, page.getByLabel('Senha'), password);
  await tabTo(page, page.getByRole('button', { name: 'Entrar' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${APP_URL}/minha-conta/alterar-senha`);
  await retype(page, page.getByLabel('Senha atual', { exact: true }), password);
  await retype(page, page.getByLabel('Nova senha', { exact: true }), 'Safra2027');
  await retype(page, page.getByLabel('Confirme a nova senha', { exact: true }), 'Safra2027');
  await tabTo(page, page.getByRole('button', { name: 'Salvar nova senha' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${APP_URL}/`);
  await closeAlert(page, 'Senha alterada com sucesso.');
}

/** A file named like a photo that is not one, written to disk. */
function notAPhoto(): string {
  const dir = resolve(DATA_DIR, 'arquivos');
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, 'teclado-nao-e-foto.jpg');
  writeFileSync(path, 'isto nao e uma imagem');
  return path;
}

/**
 * Space on a file field opens the system's file chooser, where the file is picked. The wait for
 * the chooser starts before the Tabs: Playwright turns on its interception of the dialog
 * asynchronously, and a Space pressed right after could open the browser's own dialog instead
 * (the test then waited for an event that never came).
 */
async function pickFile(page: Page, field: Locator, file: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, field, key);
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

test('a document is sent with the keyboard alone', async ({ page }) => {
  test.slow();
  await newInvestor(page);
  await page.goto('/minha-conta/dados-cadastrais/documentos');
  if (js()) await expect(page.locator('[data-island="envio-documento"]').first()).toHaveAttribute('data-island-state', 'mounted');
  const row = page.locator('.documento-linha').first();
  const send = row.getByRole('button', { name: /Enviar/ });

  // A file that is not a photo first: refused, and the person goes on from where they were.
  const refused = 'Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf.';
  await pickFile(page, row.locator('input[type=file]'), notAPhoto());
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  if (js()) {
    // The island answers in place, and the focus stays on the button that was pressed.
    await expect(row.getByRole('alert')).toHaveText(refused);
    await expect(send).toBeFocused();
  } else {
    await closeAlert(page, refused);
  }

  await pickFile(page, row.locator('input[type=file]'), photo(), js() ? 'Shift+Tab' : 'Tab');
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await closeAlert(page, 'Documento salvo');
  await expect(page.locator('.documento-linha').first().getByRole('button', { name: /Substituir/ })).toBeVisible();
});

test('an investment is withdrawn with the keyboard alone', async ({ page, request }) => {
  test.slow();
  // Setting up (not the journey): a synthetic investor of this project's own (qualified, so
  // no annual limit stands in the way of a retry) orders, and the Pix is received.
  await login(page, `carga-00${js() ? 5 : 6}@colheita.dev`);
  await page.goto('/investir/fazenda-santa-luzia-soja-2027/ordem');
  await page.getByLabel('Valor do investimento (R$)').fill('1.000,00');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 2 de 3')).toBeVisible();
  await page.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await page.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Passo 3 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar investimento' }).click();
  await expect(page.getByRole('dialog')).toContainText('Investimento reservado com sucesso.');
  const id = new URL(page.url()).pathname.split('/').pop();
  expect((await request.post(`${SANDBOX_URL}/sandbox/reservas/${id}/pagar`)).status()).toBe(200);

  // The journey: from the wallet to the withdrawal, confirmed, with Tab and Enter only.
  await page.goto('/carteira');
  // The investment's accordion opens with Enter on its summary; its withdrawal link follows.
  const withdraw = page.locator(`a[href="/carteira/reservas/${id}/desistencia"]`);
  await tabTo(page, page.locator('details.acordeao', { has: withdraw }).locator('summary'));
  await page.keyboard.press('Enter');
  await tabTo(page, withdraw);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Desistir do investimento' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Confirmar desistência' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/carteira$/);
  const alert = page.locator('dialog.alerta[open]');
  await expect(alert).toContainText('Desistência registrada');
  await tabTo(page, alert.getByRole('button', { name: 'Fechar' }));
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(page.getByText('Desistência do investidor').first()).toBeVisible();
});

test('verification is requested with the keyboard alone', async ({ page }) => {
  test.slow();
  await newInvestor(page);

  // From the profile menu's 'Verificar perfil' (back up from the content, in the header) to
  // the personal data, which the sign-up left without gender, birthplace, nationality and RG.
  await follow(page, page.locator('details.menu-perfil summary'), 'Shift+Tab');
  await follow(page, page.getByRole('link', { name: 'Verificar perfil' }));
  await expect(page.getByRole('heading', { name: 'Informações pessoais', level: 2 })).toBeVisible();
  await choose(page, page.getByLabel('Gênero', { exact: true }), 'Feminino');
  await choose(page, page.getByLabel('Estado de nascimento', { exact: true }), 'Bahia');
  await choose(page, page.getByLabel('Nacionalidade', { exact: true }), 'Brasileira');
  await retype(page, page.getByLabel('Número do RG', { exact: true }), '1234567');
  await choose(page, page.getByLabel('Estado emissor', { exact: true }), 'Bahia');
  await choose(page, page.getByLabel('Órgão emissor', { exact: true }), 'SSP');
  await tabTo(page, page.getByRole('button', { name: 'Salvar informações' }));
  await page.keyboard.press('Enter');
  await closeAlert(page, SAVED);

  // The address, from its sub-tab.
  await follow(page, page.getByRole('link', { name: 'Endereço', exact: true }));
  await retype(page, page.getByLabel('CEP', { exact: true }), '40010000');
  await retype(page, page.getByLabel('Rua', { exact: true }), 'Rua Chile');
  await retype(page, page.getByLabel('Número', { exact: true }), '22');
  await retype(page, page.getByLabel('Bairro', { exact: true }), 'Centro');
  await retype(page, page.getByLabel('Cidade', { exact: true }), 'Salvador');
  await choose(page, page.getByLabel('Estado', { exact: true }), 'Bahia');
  await tabTo(page, page.getByRole('button', { name: 'Salvar endereço' }));
  await page.keyboard.press('Enter');
  await closeAlert(page, SAVED);

  // The two mandatory documents: the identity document (first row) and the selfie (third).
  await follow(page, page.getByRole('link', { name: 'Documentos', exact: true }));
  for (const n of [0, 2]) {
    if (js()) await expect(page.locator('[data-island="envio-documento"]').first()).toHaveAttribute('data-island-state', 'mounted');
    const row = page.locator('.documento-linha').nth(n);
    await pickFile(page, row.locator('input[type=file]'), photo());
    await tabTo(page, row.getByRole('button', { name: /Enviar/ }));
    await page.keyboard.press('Enter');
    await closeAlert(page, 'Documento salvo');
    await expect(page.locator('.documento-linha').nth(n).getByRole('button', { name: /Substituir/ })).toBeVisible();
  }

  // The request, and the profile now under analysis.
  await tabTo(page, page.getByRole('button', { name: 'Verificar perfil' }));
  await page.keyboard.press('Enter');
  await closeAlert(page, 'Perfil enviado para análise. Em breve você já poderá investir.');
  await expect(page.locator('.perfil-estado')).toContainText('Estamos verificando o seu perfil.');
  await expect(page.getByRole('button', { name: 'Verificar perfil' })).toHaveCount(0);
  await checkA11y(page);
  if (!js()) await checkHtml(await rawHtml(page, page.url()), 'verification requested');
});
