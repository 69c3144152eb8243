// The account area as a new investor uses it: basico@ completes personal data,
// address, investor profile and documents on a 360 px phone with JavaScript off, asks for the
// verification and sees Em análise; with JavaScript on, a refused form keeps what was typed.
// axe on every step.
//
// basico@ ends this file Em análise, so it must run after every spec that needs a Básico
// profile (reservas.spec.ts): Playwright runs the files of a project in name order, and this
// name sorts last.
import { resolve } from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DATA_DIR, checkA11y, checkHtml, login, rawHtml } from './helpers';

const BASICO = 'basico@colheita.dev';
const PHONE = { width: 360, height: 740 };

async function alertText(page: Page): Promise<string> {
  return (await page.locator('dialog.alerta p').first().textContent())?.trim() ?? '';
}

/** A small valid JPEG with a GPS position in its EXIF, and a PDF, written to disk. */
function files(): { photo: string; pdf: string } {
  const dir = resolve(DATA_DIR, 'arquivos');
  mkdirSync(dir, { recursive: true });
  const seg = (marker: number, payload: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  const photo = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'binary')),
    seg(0xe1, Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'binary'), Buffer.from('GPSLatitude -12.5')])),
    seg(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0xd9]),
  ]);
  const paths = { photo: resolve(dir, 'rg.jpg'), pdf: resolve(dir, 'selfie.pdf') };
  writeFileSync(paths.photo, photo);
  writeFileSync(paths.pdf, '%PDF-1.4\n%selfie\n');
  return paths;
}

test('basico completes the registration on a phone without JavaScript and asks for verification @so-nojs', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, BASICO);
  await page.goto('/minha-conta');
  await checkA11y(page);
  await page.getByRole('link', { name: 'Informações pessoais' }).first().click();
  await expect(page.locator('.perfil-estado')).toContainText('Perfil básico');

  // Personal data: a refusal keeps what was typed, then the save.
  await page.getByLabel('Nome completo').fill('Bruno');
  await page.getByLabel('Celular').fill('(65) 99123-4567');
  await page.getByLabel('Gênero').selectOption({ label: 'Masculino' });
  await page.getByLabel('Estado de nascimento').selectOption('MT');
  await page.getByLabel('Nacionalidade').selectOption({ label: 'Brasileira' });
  await page.getByLabel('Número do RG').fill('1234567');
  await page.getByLabel('Estado emissor').selectOption('MT');
  await page.getByLabel('Órgão emissor').selectOption('SSP');
  await page.getByRole('button', { name: 'Salvar informações' }).click();
  expect(await alertText(page)).toBe('Por favor, informe um nome válido para prosseguir.');
  await expect(page.getByLabel('Número do RG')).toHaveValue('1234567');
  await checkA11y(page);
  await page.getByLabel('Nome completo').fill('Bruno Basico Souza');
  await page.getByRole('button', { name: 'Salvar informações' }).click();
  expect(await alertText(page)).toBe('Informações atualizadas com sucesso.');

  // Address.
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  await page.getByLabel('CEP').fill('78890-000');
  await page.getByLabel('Rua').fill('Avenida Blumenau');
  await page.getByLabel('Número', { exact: true }).fill('1200');
  await page.getByLabel('Bairro').fill('Centro');
  await page.getByLabel('Cidade').fill('Sorriso');
  await page.getByLabel('Estado', { exact: true }).selectOption('MT');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  expect(await alertText(page)).toBe('Informações atualizadas com sucesso.');

  // Investor profile: one answer per question.
  await page.goto('/minha-conta/dados-cadastrais/perfil-investidor');
  for (const group of await page.locator('fieldset.pergunta').all()) {
    await group.locator('input[type=radio]').nth(1).check();
  }
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.locator('.perfil-resultado h3')).toContainText('Moderado');

  // Documents: the identity document and the selfie.
  const f = files();
  await page.goto('/minha-conta/dados-cadastrais/documentos');
  await checkA11y(page);
  const rows = page.locator('.documento-linha');
  await rows.nth(0).locator('input[type=file]').setInputFiles(f.photo);
  await rows.nth(0).getByRole('button', { name: /Enviar/ }).click();
  expect(await alertText(page)).toBe('Documento salvo');
  await rows.nth(2).locator('input[type=file]').setInputFiles(f.pdf);
  await rows.nth(2).getByRole('button', { name: /Enviar/ }).click();
  expect(await alertText(page)).toBe('Documento salvo');
  await expect(rows.nth(0).getByRole('button', { name: /Substituir/ })).toBeVisible();

  // The verification request.
  await page.getByRole('button', { name: 'Verificar perfil' }).click();
  expect(await alertText(page)).toBe('Perfil enviado para análise. Em breve você já poderá investir.');
  await expect(page.locator('.perfil-estado')).toContainText('Estamos verificando o seu perfil.');
  await expect(page.locator('.documento-linha form, form[action$="/verificar"]')).toHaveCount(0);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(scroll).toBeLessThanOrEqual(0);
});

test('the bank account and my terms, with the server HTML valid @so-nojs', async ({ page }) => {
  await login(page);
  for (const route of ['/minha-conta/conta-bancaria', '/minha-conta/meus-termos', '/minha-conta/dados-cadastrais/perfil-investidor']) {
    await page.goto(route);
    await checkA11y(page);
    await checkHtml(await rawHtml(page, route), `account ${route}`);
  }
  await page.goto('/minha-conta/meus-termos');
  await page.getByRole('button', { name: 'Baixar informe (PDF)' }).click();
  expect(await alertText(page)).toBe('Necessário preencher todos os campos para prosseguir.');
});

test('with JavaScript the phone mask formats and a refused bank form keeps its values @so-js', async ({ page }) => {
  await login(page);
  await page.goto('/minha-conta/dados-cadastrais');
  const phone = page.getByLabel('Celular');
  await phone.fill('');
  await phone.pressSequentially('65991234567');
  await expect(phone).toHaveValue('(65) 99123-4567');
  await page.goto('/minha-conta/conta-bancaria');
  await page.getByLabel('Conta', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Salvar dados bancários' }).click();
  expect(await alertText(page)).toBe('Necessário preencher todos os campos para prosseguir.');
  await expect(page.getByLabel('Agência', { exact: true })).not.toHaveValue('');
  await checkA11y(page);
});

test('with JavaScript a document goes up with a progress bar; a refusal shows in place @so-js', async ({ page }) => {
  // The optional back of the ID: the no-JS journey above sends only the mandatory two.
  await login(page, BASICO);
  await page.setViewportSize(PHONE);
  await page.goto('/minha-conta/dados-cadastrais/documentos');
  await expect(page.locator('[data-island="envio-documento"]')).toHaveAttribute('data-island-state', 'mounted');
  const row = page.locator('.documento-linha').nth(1);
  const dir = resolve(DATA_DIR, 'arquivos');
  mkdirSync(dir, { recursive: true });
  const fake = resolve(dir, 'nao-e-foto.jpg');
  writeFileSync(fake, 'isto nao e uma imagem');

  // A refusal comes back as JSON and shows next to the form, with no new page.
  const url = page.url();
  const refused = page.waitForRequest((r) => r.method() === 'POST' && (r.headers()['accept'] ?? '').includes('application/json'));
  await row.locator('input[type=file]').setInputFiles(fake);
  await row.getByRole('button', { name: /Enviar/ }).click();
  await refused;
  await expect(row.getByRole('alert')).toHaveText('Formato não aceito. Envie um arquivo .png, .jpg, .jpeg ou .pdf.');
  expect(page.url()).toBe(url);
  // The island added its progress bar to the form (hidden again once the answer came).
  await expect(row.locator('progress')).toHaveCount(1);
  await checkA11y(page);

  // A real photo goes up, the progress bar appears, and the page shows 'Documento salvo'.
  await row.locator('input[type=file]').setInputFiles(files().photo);
  await row.getByRole('button', { name: /Enviar/ }).click();
  await expect(page.locator('dialog.alerta p').first()).toHaveText('Documento salvo');
  await expect(page.locator('.documento-linha').nth(1).getByRole('button', { name: /Substituir/ })).toBeVisible();
});
