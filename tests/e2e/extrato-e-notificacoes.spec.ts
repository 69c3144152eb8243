// Statement, income report, notifications and the category search, as investidor@
// uses them on a 360 px phone: without JavaScript every panel is a section of the page and the
// detail a page of its own; with JavaScript the filter and the settings open as side modals and
// a notification's detail too, the list reloading when it closes. axe on every step.
//
// Each run reads one unread notification and leaves the app toggle on (the seed has several
// unread ones, so the js and nojs projects both find one).
import { expect, test, type Page } from '@playwright/test';
import { checkA11y, login } from './helpers';

const PHONE = { width: 360, height: 740 };
const RANGE_MSG = 'O período não pode ultrapassar 90 dias.';

/** dd/mm/aaaa of a São Paulo calendar day (UTC−3 all year), whatever the machine's zone. */
function br(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

function daysAgo(n: number): Date {
  return new Date(Date.now() - 3 * 3600 * 1000 - n * 86400 * 1000);
}

async function alertText(page: Page): Promise<string> {
  return (await page.locator('dialog.alerta p').first().textContent())?.trim() ?? '';
}

async function headerCount(page: Page): Promise<number> {
  const c = page.locator('.link-notificacoes .contador');
  if ((await c.count()) === 0) return 0;
  return Number.parseInt((await c.textContent()) ?? '0', 10);
}

async function noSideways(page: Page): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(scroll).toBeLessThanOrEqual(0);
}

test('without JavaScript: the statement filters, the income report, a notification and the settings @so-nojs', async ({ page }) => {
  // Six pages, each checked by axe and vnu, on two cores shared by four suites: the default
  // minute bounds a hang for one page's checks, not for this journey.
  test.setTimeout(180_000);
  await login(page);
  await page.setViewportSize(PHONE);

  // The statement: 7 days by default, then 30 days from the filter section.
  await page.goto('/minha-conta/extrato');
  await expect(page.locator('.resumo-filtro strong')).toHaveText(/^7 dias, Conta \d+$/);
  await page.getByRole('link', { name: 'Filtrar' }).click();
  await page.getByLabel('30 dias').check();
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/dias=30/);
  await expect(page.locator('.resumo-filtro strong')).toHaveText(/^30 dias, Conta \d+$/);
  await expect(page.locator('table.tabela-cartoes tbody tr').first()).toBeVisible();
  await checkA11y(page);
  await noSideways(page);

  // A custom range of 60 days.
  const start = br(daysAgo(60));
  const end = br(daysAgo(0));
  await page.getByLabel('Data inicial').fill(start);
  await page.getByLabel('Data final').fill(end);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.locator('.resumo-filtro strong')).toHaveText(new RegExp(`${start} até ${end}$`));

  // Over 90 days: refused, the typed dates kept.
  const far = br(daysAgo(120));
  await page.getByLabel('Data inicial').fill(far);
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  expect(await alertText(page)).toBe(RANGE_MSG);
  await page.locator('dialog.alerta button').click();
  await expect(page.getByLabel('Data inicial')).toHaveValue(far);
  await expect(page.getByLabel('Data final')).toHaveValue(end);
  await checkA11y(page);

  // 'Personalizado' says the dates hold; a quick period chosen over them applies the days.
  await expect(page.getByLabel('Personalizado')).toBeChecked();
  await page.getByLabel('15 dias').check();
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.locator('.resumo-filtro strong')).toHaveText(/^15 dias, Conta \d+$/);

  // The income report downloads.
  await page.goto('/minha-conta/informe-rendimento');
  await expect(page.getByRole('heading', { name: 'Seus rendimentos anuais consolidados' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ano calendário - 2024/ })).toHaveAttribute('target', '_blank');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Baixar/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await checkA11y(page);

  // A notification read: the counter drops by one.
  await page.goto('/notificacoes');
  const before = await headerCount(page);
  expect(before).toBeGreaterThan(0);
  const tabCount = page.getByRole('navigation', { name: 'Notificações' }).locator('.contador');
  await expect(tabCount).toHaveText(String(before));
  await expect(page.locator('nav.abas a[aria-current=page]')).toContainText(`Não lidos ${before}`);
  const first = page.locator('a.notificacao-abrir').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page.locator('.notificacao-detalhe h2')).toHaveText(title);
  expect(await headerCount(page)).toBe(before - 1);
  await checkA11y(page);
  await page.getByRole('link', { name: 'Voltar para notificações' }).click();
  expect(await headerCount(page)).toBe(before - 1);
  await page.getByRole('link', { name: 'Lidos', exact: true }).click();
  await expect(page.locator('a.notificacao-abrir', { hasText: title }).first()).toBeVisible();
  await expect(page.locator('.notificacao .texto-secundario').first()).toContainText('Lida em');

  // App notifications off, then on again.
  await page.getByRole('link', { name: 'Configurar notificações' }).click();
  await page.getByRole('switch', { name: 'Aplicativo' }).uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect(await alertText(page)).toBe('Informações atualizadas com sucesso.');
  await expect(page.getByRole('switch', { name: 'Aplicativo' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Aplicativo' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('switch', { name: 'Aplicativo' })).toBeChecked();
  await noSideways(page);

  // The category search.
  await page.goto('/renda-variavel?CodigoSetor=3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LCA');
  await expect(page.locator('table.tabela-cartoes tbody tr').first()).toBeVisible();
  await checkA11y(page);
  await noSideways(page);
});

test('with JavaScript the filter and the settings are side modals, and a notification opens in one @so-js', async ({ page }) => {
  await login(page);
  await page.setViewportSize(PHONE);

  // React comes with the first press, not with the page: the panel waits on the page until then,
  // as without JS, and the press opens the modal, which takes the panel out of the page.
  await page.goto('/minha-conta/extrato');
  await expect(page.locator('[data-island="painel-lateral"]')).toHaveAttribute('data-island-state', 'waiting');
  await page.getByRole('link', { name: 'Filtrar' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrar extrato' });
  await expect(filter).toBeVisible();
  await expect(page.locator('#filtro-extrato')).toBeHidden();
  await checkA11y(page);
  await filter.getByLabel('15 dias').check();
  await filter.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page).toHaveURL(/dias=15/);
  await expect(page.locator('.resumo-filtro strong')).toHaveText(/^15 dias, Conta \d+$/);

  // A refused range opens the modal at once with the typed dates.
  await page.goto(`/minha-conta/extrato?dataInicio=${br(daysAgo(120))}&dataFim=${br(daysAgo(0))}`);
  const refused = page.getByRole('dialog', { name: 'Filtrar extrato' });
  await expect(refused.getByLabel('Data inicial')).toHaveValue(br(daysAgo(120)));
  // A quick period chosen in the modal over those dates applies the days.
  await refused.getByLabel('7 dias').check();
  await refused.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.locator('.resumo-filtro strong')).toHaveText(/^7 dias, Conta \d+$/);

  // A notification's detail in a side modal: reading it lowers the header's counter at once,
  // without a reload; closing it gives the focus back to its card, now marked read.
  await page.goto('/notificacoes');
  for (const island of await page.locator('[data-island]').all()) {
    await expect(island, 'no island wakes before the investor asks').not.toHaveAttribute('data-island-state', /loading|mounted/);
  }
  const before = await headerCount(page);
  expect(before).toBeGreaterThan(0);
  const tabCount = page.getByRole('navigation', { name: 'Notificações' }).locator('.contador');
  await expect(tabCount).toHaveText(String(before));
  await page.evaluate(() => ((window as unknown as { mesmaPagina: boolean }).mesmaPagina = true));
  const opener = page.locator('a.notificacao-abrir').first();
  const title = (await opener.innerText()).trim();
  await opener.click();
  // The dialog is named by the notification's title, its heading, as the page is without JS.
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.locator('.notificacao-detalhe')).toBeVisible();
  await expect.poll(() => headerCount(page)).toBe(before - 1);
  // The 'Não lidos' tab says the same, without a reload.
  await expect(tabCount).toHaveText(String(before - 1));
  await checkA11y(page);
  await detail.getByRole('button', { name: 'Fechar' }).click();
  await expect(opener).toBeFocused();
  await expect(page.locator('li.notificacao').first().getByText('Lida', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { mesmaPagina?: boolean }).mesmaPagina)).toBe(true);

  // The settings panel.
  await page.getByRole('link', { name: 'Configurar notificações' }).click();
  const settings = page.getByRole('dialog', { name: 'Configurar notificações' });
  await expect(settings.getByRole('switch', { name: 'Aplicativo' })).toBeChecked();
  await settings.getByRole('button', { name: 'Salvar' }).click();
  expect(await alertText(page)).toBe('Informações atualizadas com sucesso.');
});

test('a press held on Configurar notificações while its island arrives still opens the modal @so-js', async ({ page }) => {
  await login(page);
  await page.goto('/notificacoes');
  const link = page.getByRole('link', { name: 'Configurar notificações' });
  const box = await link.boundingBox();
  if (!box) throw new Error('no box for the link');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The press, then a slow finger: the chunk has all the time to arrive before the click.
  await page.mouse.down();
  await page.waitForTimeout(1500);
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Configurar notificações' })).toBeVisible();
});
