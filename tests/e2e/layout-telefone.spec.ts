// A phone user's day: what must hold at 360 px and at 1366 px, with and without JavaScript.
// Every checkbox and radio sits beside its label in a row tall enough to tap; opening every
// accordion never widens a page; no header control wraps; a side panel's table shows all its
// columns; on a phone every button, summary, tab and button-styled link is at least 44 × 44 px
// and the first offering of /investir is on the first screen; a sign-up field that failed says
// why under itself; a notification's headings descend from the page's (its title the next level,
// the dialog's name with JS) and its settings are a labelled group of switches. With E2E_SCREENSHOTS=1, screenshots of each page at both widths go into the report.
import { expect, test, type Page } from '@playwright/test';
import { attachScreenshot, checkA11y, login } from './helpers';
import { OFFER } from './paginas';
import { overflow } from './wcag';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 800 };
const VIEWPORTS = [PHONE, LAPTOP];
/** The touch target a phone user can hit without aiming (WCAG 2.5.5, Lighthouse). */
const TARGET = 44;
const jsOn = (): boolean => test.info().project.use.javaScriptEnabled !== false;

/**
 * Opens every closed disclosure in the page's main content, outer ones first, by clicking its
 * summary in the page (the click a person's tap makes, with its toggle), in one script: a
 * Playwright click per summary was most of these sweeps' time. Returns how many visible ones
 * are still closed after (none, unless a click failed to open its disclosure).
 */
async function openEveryAccordion(page: Page): Promise<number> {
  return page.evaluate(() => {
    const closed = () => [...document.querySelectorAll<HTMLElement>('main details:not([open]) > summary')].filter((s) => s.checkVisibility());
    for (let round = 0; round < 5; round++) {
      const shown = closed();
      if (shown.length === 0) break;
      for (const s of shown) s.click();
    }
    return closed().length;
  });
}

/** Every visible checkbox and radio of the main content whose label is not beside it in a row
 *  of at least 44 px (the label starts after the box, overlaps it vertically, never wraps under
 *  it). */
async function checkboxProblems(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('main input:is([type=checkbox], [type=radio])')) {
      const r = input.getBoundingClientRect();
      if (r.width === 0 || !input.id) continue;
      const label = document.querySelector(`label[for="${input.id}"]`);
      if (!label) continue;
      const name = (label.textContent ?? '').trim().slice(0, 40);
      const lines = [...label.getClientRects()];
      const left = Math.min(...lines.map((l) => l.left));
      const l = label.getBoundingClientRect();
      if (left < r.right + 6) out.push(`'${name}': its text starts ${Math.round(left - r.right)} px after the box`);
      if (l.top >= r.bottom || l.bottom <= r.top) out.push(`'${name}': not on the box's line`);
      const row = Math.max(l.bottom, r.bottom) - Math.min(l.top, r.top);
      if (row < min) out.push(`'${name}': a row ${Math.round(row)} px tall`);
    }
    return out;
  }, TARGET);
}

/** Header controls whose text runs onto a second line. */
async function wrappedHeaderControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('header.cabecalho :is(a, button, summary)')) {
      if (el.getClientRects().length === 0) continue;
      // The visible text's line boxes (a screen-reader-only note is no line on the screen).
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
      }
      if (rects.some((a) => rects.some((b) => b.top >= a.bottom - 1))) out.push((el.textContent ?? '').trim().replace(/\s+/g, ' '));
    }
    return out;
  });
}

/** Every visible button, summary, tab and button-styled link smaller than 44 × 44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'header.cabecalho :is(a, button, summary)',
      'main :is(button, summary, a.botao, a.botao-seta, [role=tab], [role=button], nav.abas a, nav.paginacao a, .barra-ferramentas nav a, th[aria-sort] a, input[type=range])',
    ].join(', ');
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // A visually hidden control (the sort headers kept for screen readers) is no target.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.width >= min && r.height >= min) continue;
      const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ');
      out.push(`${el.tagName.toLowerCase()} "${label.slice(0, 40)}": ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, TARGET);
}

/** Tables inside a region narrower than they are (columns cut off, or scrolled to). */
async function cutTables(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const out: string[] = [];
    for (const t of document.querySelectorAll<HTMLElement>(`${scope} table`)) {
      const box = t.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) out.push(`${t.querySelector('caption')?.textContent?.trim() ?? 'a table'}: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    return out;
  }, scope);
}

/** Pages with checkboxes or radios, for an investor. */
const formPages = [
  '/minha-conta/dados-cadastrais',
  '/minha-conta/dados-cadastrais/perfil-investidor',
  '/minha-conta/declaracao-investidor',
  '/minha-conta/extrato?dias=30',
  '/carteira/simulador?valor=10.000,00',
  '/notificacoes',
];

/** Pages with accordions and disclosures, for an investor. */
const accordionPages = [OFFER, '/investir', '/carteira?toggle=true', '/carteira/agenda', '/notificacoes'];

for (const viewport of VIEWPORTS) {
  const w = `${viewport.width}px`;
  test.describe(`at ${w}`, () => {
    test.use({ viewport });

    test(`every checkbox and radio sits beside its label, in a row one can tap, at ${w}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/quero-investir');
      expect.soft(await checkboxProblems(page), '/quero-investir').toEqual([]);
      await login(page);
      for (const path of formPages) {
        await page.goto(path);
        await openEveryAccordion(page);
        expect.soft(await checkboxProblems(page), path).toEqual([]);
        await attachScreenshot(page, `checkboxes ${path}`);
      }
    });

    test(`the order's consent boxes sit beside their labels at ${w}`, async ({ page }) => {
      await login(page, 'ativa@colheita.dev');
      await page.goto(`${OFFER}/ordem`);
      await page.getByLabel('Valor do investimento (R$)').fill('1.000,00');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText('Passo 2 de 3')).toBeVisible();
      expect.soft(await checkboxProblems(page), 'order step 2').toEqual([]);
      await attachScreenshot(page, 'order step 2, consent');
    });

    test(`opening every accordion never widens a page at ${w}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(OFFER);
      expect(await openEveryAccordion(page), `accordions left closed on ${OFFER}`).toBe(0);
      expect.soft(await overflow(page), `visitor ${OFFER} with every accordion open`).toBeLessThanOrEqual(0);
      await attachScreenshot(page, `visitor ${OFFER} accordions open`);
      await login(page);
      for (const path of accordionPages) {
        await page.goto(path);
        expect.soft(await openEveryAccordion(page), `accordions left closed on ${path}`).toBe(0);
        expect.soft(await overflow(page), `${path} with every accordion open`).toBeLessThanOrEqual(0);
        await attachScreenshot(page, `investor ${path} accordions open`);
      }
    });

    test(`no header control runs onto two lines at ${w}`, async ({ page }) => {
      const openMenu = async () => {
        const menu = page.getByRole('banner').locator('summary', { hasText: 'Menu' });
        if (await menu.isVisible()) await menu.click();
      };
      await page.goto('/investir');
      await openMenu();
      expect.soft(await wrappedHeaderControls(page), 'visitor header').toEqual([]);
      await login(page);
      for (const path of ['/', '/minha-conta/extrato?dias=30']) {
        await page.goto(path);
        await openMenu();
        expect.soft(await wrappedHeaderControls(page), `investor header on ${path}`).toEqual([]);
      }
      await attachScreenshot(page, 'investor header');
    });

    test(`a side panel's table shows every column at ${w}`, async ({ page }) => {
      await login(page);
      await page.goto('/carteira?toggle=true');
      await page.getByRole('link', { name: 'Fluxo de recebimento' }).first().click();
      await expect(page.getByRole('heading', { name: 'Fluxo de recebimento' })).toBeVisible();
      expect.soft(await cutTables(page, ':is(.painel-lateral, dialog[open])'), 'Fluxo de recebimento').toEqual([]);
      await attachScreenshot(page, 'Fluxo de recebimento');
    });

    test(`the simulator's result and the agenda's filter keep their shape at ${w}`, async ({ page }) => {
      await login(page);
      await page.goto('/carteira/simulador?valor=10.000,00');
      const boxes = page.locator('main input[type=checkbox][name=c]');
      for (const i of [0, 1]) await boxes.nth(i).check();
      await page.getByRole('button', { name: 'Comparar' }).click();
      await expect(page.getByRole('heading', { name: /Resultado para/ })).toBeVisible();
      expect.soft(await cutTables(page, 'main'), 'the simulator result').toEqual([]);
      await attachScreenshot(page, 'simulator result');
      await page.goto('/carteira/agenda');
      const filtrar = await page.getByRole('button', { name: 'Filtrar' }).boundingBox();
      expect.soft(filtrar?.height ?? 0, "Filtrar's height").toBeLessThanOrEqual(60);
      await attachScreenshot(page, 'agenda');
    });

    test(`a notification's headings descend from the page's, its message in plain paragraphs, at ${w}`, async ({ page }) => {
      await login(page);
      await page.goto('/notificacoes?aba=lidos');
      const opener = page.locator('a.notificacao-abrir').first();
      const title = (await opener.innerText()).trim();
      await opener.click();
      // With JS the detail is a dialog named by the notification's title; without, a page.
      const detail = jsOn() ? page.getByRole('dialog', { name: title }) : page.getByRole('main');
      await expect(detail.locator('.notificacao-detalhe')).toBeVisible();
      // The outline read: the page's heading, then the dialog's or the page's others.
      const outline = await page.evaluate(() => {
        const dialog = document.querySelector('dialog[open]');
        const headings = dialog
          ? [document.querySelector('main h1'), ...dialog.querySelectorAll('h1, h2, h3, h4, h5, h6')]
          : [...document.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)')];
        return headings
          .filter((h): h is Element => !!h)
          .map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent ?? '').trim(), size: Number.parseFloat(getComputedStyle(h).fontSize) }));
      });
      expect(outline.slice(0, 2).map((h) => [h.level, h.text])).toEqual([
        [1, 'Notificações'],
        [2, title],
      ]);
      for (let i = 1; i < outline.length; i++) {
        expect.soft(outline[i].level, `'${outline[i].text}' skips no level`).toBeLessThanOrEqual(outline[i - 1].level + 1);
      }
      expect.soft(outline[1].size, "the title reads smaller than the page's heading").toBeLessThan(outline[0].size);
      const message = detail.locator('.notificacao-detalhe p.notificacao-mensagem');
      await expect(message.first()).toBeVisible();
      for (const weight of await message.evaluateAll((ps) => ps.map((p) => Number(getComputedStyle(p).fontWeight)))) {
        expect.soft(weight, 'the message is not bold').toBeLessThan(600);
      }
      expect.soft(await overflow(page), 'the detail fits').toBeLessThanOrEqual(0);
      await attachScreenshot(page, 'notification detail');
    });

    test(`the notification settings are a labelled group of switches that fits, at ${w}`, async ({ page }) => {
      await login(page);
      await page.goto('/notificacoes');
      await page.getByRole('link', { name: 'Configurar notificações' }).click();
      const panel = jsOn() ? page.getByRole('dialog', { name: 'Configurar notificações' }) : page.getByRole('region', { name: 'Configurar notificações' });
      await expect(panel.locator('summary')).toHaveText('Ativar/Desativar notificações');
      const group = panel.getByRole('group', { name: 'Canais de notificação' });
      const app = group.getByRole('switch', { name: 'Aplicativo', exact: true });
      await expect(app).toBeVisible();
      await expect(app).toHaveAccessibleDescription(/^Avisos de novas captações/);
      expect.soft(await checkboxProblems(page), 'the switch beside its label').toEqual([]);
      for (const target of [panel.locator('summary'), panel.getByRole('button', { name: 'Salvar' })]) {
        const box = await target.boundingBox();
        expect.soft(box?.height ?? 0, `${await target.innerText()} is a 44 px target`).toBeGreaterThanOrEqual(TARGET);
      }
      expect.soft(await overflow(page), 'the settings fit').toBeLessThanOrEqual(0);
      await checkA11y(page);
      await attachScreenshot(page, 'notification settings');
    });

    test(`a sign-up field that failed says why, under itself, at ${w}`, async ({ page }) => {
      await page.goto('/quero-investir');
      // A pasted, formatted CPF is kept whole (the server reads its digits).
      await page.getByLabel('CPF').fill('382.517.946-09');
      await expect(page.getByLabel('CPF')).toHaveValue('382.517.946-09');
      await page.getByLabel('CPF').fill('');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await expect(page.getByRole('heading', { name: 'Atenção!' })).toBeVisible();
      for (const name of ['nome', 'email', 'celular', 'cpf', 'termos']) {
        const field = page.locator(`form.formulario [name="${name}"]`).first();
        await expect.soft(field, `${name} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
        const messages = await field.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(/\s+/)
            .map((id) => document.getElementById(id))
            .filter((m): m is HTMLElement => !!m && m.classList.contains('campo-erro'))
            .map((m) => m.textContent?.trim() ?? ''),
        );
        expect.soft(messages.filter((m) => m.length > 0), `${name}'s own message`).toHaveLength(1);
      }
      await attachScreenshot(page, 'sign-up with its messages');
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the first offering is on the first screen of /investir', async ({ page }) => {
    // The first offering's top, and a status line and its name's first line under it.
    const firstTop = async () => {
      const first = page.locator('main :is(table.tabela-captacoes > tbody > tr, ul.grade-cartoes > li)').first();
      const box = await first.boundingBox();
      return box ? box.y + 88 : Infinity;
    };
    for (const path of ['/investir', '/investir?Visao=cartoes']) {
      await page.goto(path);
      expect.soft(await firstTop(), `visitor ${path}: the first offering starts within the screen`).toBeLessThanOrEqual(PHONE.height);
    }
    await login(page);
    for (const path of ['/investir', '/investir?Visao=cartoes']) {
      await page.goto(path);
      expect.soft(await firstTop(), `investor ${path}: the first offering starts within the screen`).toBeLessThanOrEqual(PHONE.height);
      await attachScreenshot(page, `investor ${path}`);
    }
  });

  test('every button, summary, tab and button-styled link is at least 44 × 44 px', async ({ page }) => {
    test.setTimeout(120_000);
    const check = async (path: string) => {
      await page.goto(path);
      const menu = page.getByRole('banner').locator('summary', { hasText: 'Menu' });
      if (await menu.isVisible()) await menu.click();
      await openEveryAccordion(page);
      await page.waitForLoadState('load');
      expect.soft(await smallTargets(page), `small targets on ${path}`).toEqual([]);
    };
    for (const path of ['/investir', '/investir?Visao=cartoes', OFFER, '/quero-investir']) await check(path);
    await login(page);
    for (const path of [
      '/',
      '/investir',
      OFFER,
      '/carteira?toggle=true',
      '/carteira/agenda',
      '/carteira/simulador?valor=10.000,00',
      '/minha-conta/extrato?dias=30',
      '/minha-conta/dados-cadastrais/perfil-investidor',
      '/notificacoes',
    ]) {
      await check(path);
    }
  });
});
