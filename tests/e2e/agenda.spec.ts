// The payment calendar and the statement's files, as Ana uses them with and without
// JavaScript: from the wallet to the agenda, a filter, the calendar file and the statement
// as CSV; axe and vnu on the agenda.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { checkA11y, checkHtml, login, rawHtml } from './helpers';

async function check(page: Page, label: string): Promise<void> {
  await checkA11y(page);
  if (test.info().project.name === 'nojs') await checkHtml(await rawHtml(page, page.url()), label);
}

async function download(page: Page, link: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  return { file, bytes: await readFile(await file.path()) };
}

test('the agenda opens from the wallet, filters, and gives its calendar file', async ({ page }) => {
  await login(page);
  await page.goto('/carteira');
  await page.getByRole('link', { name: 'Agenda de recebimentos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda de recebimentos' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Recebimentos por mês nos próximos 12 meses/ })).toBeVisible();
  await check(page, 'agenda');

  await page.getByLabel('Status').selectOption('previsto');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/situacao=previsto/);
  const states = page.locator('section.agenda-mes td[data-label=Status]');
  await expect(states.first()).toBeVisible();
  for (const s of await states.allInnerTexts()) expect(s.trim()).toBe('Previsto');
  await check(page, 'agenda filtrada');

  const ics = await download(page, 'Baixar calendário (.ics)');
  expect(ics.file.suggestedFilename()).toBe('agenda-recebimentos.ics');
  expect(ics.bytes.subarray(0, 17).toString('utf8')).toBe('BEGIN:VCALENDAR\r\n');
  expect(ics.bytes.toString('utf8')).toContain('METHOD:PUBLISH');
});

test('the statement downloads as a CSV a spreadsheet opens', async ({ page }) => {
  await login(page);
  await page.goto('/minha-conta/extrato?dias=30');
  const csv = await download(page, 'Baixar CSV');
  expect(csv.file.suggestedFilename()).toMatch(/^extrato-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
  // UTF-8 with a BOM, then the header with its accents.
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.bytes.subarray(3).toString('utf8')).toMatch(/^Data;Descrição;Valor;Tipo;Status;Banco\r\n\d{2}\/\d{2}\/\d{4};/);
});
