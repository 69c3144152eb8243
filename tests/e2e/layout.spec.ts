// Phone first, beyond each page's own fit (checked in foco.spec.ts, which opens every page
// anyway): the side panels fit the screen at 360 px and at 1366 px, the header is one row with a
// menu button on a phone, an offering's Investir is on the first screen, touch targets are at
// least 24 × 24 px (layout-telefone.spec.ts asks 44 of buttons, summaries and tabs), the
// account's sections are a menu on a phone and one row of tabs on a laptop, the statement's
// cards hold their description at full width and fit 320 px with WCAG text spacing. With
// E2E_SCREENSHOTS=1, full-page screenshots go into the HTML report (helpers.ts,
// attachScreenshot), so a person can look at what the numbers say.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { attachScreenshot, checkA11y, login } from './helpers';
import { CLOSED, OFFER, PREVIEW } from './paginas';
import { applyTextSpacing, overflow } from './wcag';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const VIEWPORTS = [PHONE, LAPTOP];

/** The header's one row: a 44 px target plus padding and the border, with some slack. */
const HEADER_MAX = 80;
/** WCAG 2.5.8 (target size, minimum). */
const TARGET_MIN = 24;

const px = (v: { width: number }): string => `${v.width}px`;

/** The phone header's menu button (a <summary>, so it opens without JS too). */
function menuButton(page: Page): Locator {
  return page.getByRole('banner').locator('summary', { hasText: 'Menu' });
}

/** Opens the phone menu when there is one (the touch targets inside it count too). */
async function openMenu(page: Page): Promise<void> {
  if (await menuButton(page).isVisible()) await menuButton(page).click();
}

/** The header's controls and the page's actions (buttons, fields, disclosures, nav links). */
const TARGETS = [
  'header.cabecalho :is(a, button, input, select, summary)',
  'main :is(a.botao, a.botao-seta, button, input:not([type=hidden]), select, summary, nav a)',
].join(', ');

/**
 * Every visible target smaller than 24 × 24 px, described for the report. One script reads the
 * whole page ("visible" as Playwright's `isVisible` has it: a box, and not hidden by its style or
 * a closed disclosure): asking for each target's box one at a time was most of the test's time.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const small: string[] = [];
      for (const e of document.querySelectorAll(selector)) {
        const box = e.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || !e.checkVisibility({ visibilityProperty: true })) continue;
        if (box.width >= min && box.height >= min) continue;
        const label = (e.getAttribute('aria-label') || e.textContent || e.getAttribute('name') || '').trim();
        const what = `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).replace(/ /g, '.')}` : ''} "${label.slice(0, 40)}"`;
        small.push(`${what}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return small;
    },
    { selector: TARGETS, min: TARGET_MIN },
  );
}

/** The offering's Investir, in the sidebar labelled "Investimento". */
function investir(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir' });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${px(viewport)}`, () => {
    test.use({ viewport });

    // What opens from a page: a pending reservation's panel on the home, the wallet's cash flow,
    // the withdrawal's confirmation.
    test(`the side panels and the withdrawal fit the screen at ${px(viewport)}`, async ({ page }) => {
      await login(page);
      await page.goto('/');
      await page.getByRole('link', { name: /Detalhe da reserva/ }).first().click();
      await expect(page.getByRole('heading', { name: 'Detalhe da reserva' })).toBeVisible();
      expect.soft(await overflow(page), `home with the reservation panel at ${px(viewport)}`).toBeLessThanOrEqual(0);
      await attachScreenshot(page, 'investor / with the reservation panel');
      await page.goto('/carteira?toggle=true');
      await page.getByRole('link', { name: 'Fluxo de recebimento' }).first().click();
      await expect(page.getByRole('heading', { name: 'Fluxo de recebimento' })).toBeVisible();
      expect.soft(await overflow(page), `wallet cash flow at ${px(viewport)}`).toBeLessThanOrEqual(0);
      // The withdrawal's confirmation page (the seeded approved investment is inside its period).
      await page.goto('/carteira?toggle=true');
      await page.getByRole('link', { name: 'Desistir do investimento' }).first().click();
      await expect(page.getByRole('heading', { name: 'Desistir do investimento' })).toBeVisible();
      expect.soft(await overflow(page), `withdrawal at ${px(viewport)}`).toBeLessThanOrEqual(0);
      await attachScreenshot(page, 'investor / withdrawal');
    });

    test(`the order steps fit the screen at ${px(viewport)}`, async ({ page }) => {
      // Another investor than the other specs' Pix flow, and the order is never confirmed: the
      // reservation stays 'Aberto' and takes nothing from the offering.
      await login(page, 'ativa@colheita.dev');
      await page.goto(`${OFFER}/ordem`);
      expect.soft(await overflow(page), 'order step 1').toBeLessThanOrEqual(0);
      await page.getByLabel('Valor do investimento (R$)').fill('1.000,00');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText('Passo 2 de 3')).toBeVisible();
      expect.soft(await overflow(page), 'order step 2').toBeLessThanOrEqual(0);
      await attachScreenshot(page, 'order step 2');
      await page.getByLabel('Declaro que li e concordo com os termos acima.').check();
      await page.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText('Passo 3 de 3')).toBeVisible();
      expect.soft(await overflow(page), 'order step 3').toBeLessThanOrEqual(0);
      await attachScreenshot(page, 'order step 3');
    });

    test(`the header is one row at ${px(viewport)}`, async ({ page }) => {
      await page.goto('/investir');
      const visitor = await page.getByRole('banner').boundingBox();
      expect.soft(visitor?.height, 'visitor header height').toBeLessThanOrEqual(HEADER_MAX);
      await login(page);
      const investor = await page.getByRole('banner').boundingBox();
      expect.soft(investor?.height, 'investor header height').toBeLessThanOrEqual(HEADER_MAX);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the menu button opens the navigation of a visitor', async ({ page }) => {
    await page.goto('/investir');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Minha conta' })).toBeHidden();
    await menuButton(page).click();
    await expect(nav.getByRole('link', { name: 'Investir' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Minha conta' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cadastre-se' })).toBeVisible();
  });

  test('the menu button opens the navigation, profile and values toggle of an investor', async ({ page }) => {
    await login(page);
    const banner = page.getByRole('banner');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Minha carteira' })).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Ocultar valores' })).toBeHidden();
    await menuButton(page).click();
    await expect(nav.getByRole('link', { name: 'Minha carteira' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Ocultar valores' })).toBeVisible();
    await banner.getByText('Olá, Ana').click();
    await expect(banner.getByText('Perfil completo')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sair' })).toBeVisible();
  });

  test('an offering shows Investir on the first screen to a visitor', async ({ page }) => {
    await page.goto(OFFER);
    await page.waitForLoadState('load');
    const box = await investir(page).boundingBox();
    expect(box, 'Investir has a box').not.toBeNull();
    expect(box!.y + box!.height, 'bottom of Investir').toBeLessThanOrEqual(PHONE.height);
    await expect(page.getByRole('complementary', { name: 'Investimento' }).getByText('Investimento mínimo')).toBeInViewport();
  });

  test('an offering shows Investir and Simular on the first screen to an investor', async ({ page }) => {
    await login(page);
    await page.goto(OFFER);
    await page.waitForLoadState('load');
    const aside = page.getByRole('complementary', { name: 'Investimento' });
    for (const name of ['Investir', 'Simular']) {
      const box = await aside.getByRole('link', { name }).boundingBox();
      expect(box, `${name} has a box`).not.toBeNull();
      expect(box!.y + box!.height, `bottom of ${name}`).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test('the bar at the bottom never hides the focused element', async ({ page }) => {
    await page.goto(OFFER);
    const bar = page.getByRole('complementary', { name: 'Investimento' });
    expect(await bar.evaluate((e) => getComputedStyle(e).position), 'the sidebar is a fixed bar').toBe('fixed');
    // Scroll so that the next focusable element after the PDF link lies right behind the bar,
    // focus the link without scrolling, press Tab: the newly focused element must be scrolled
    // above the bar (html's scroll-padding-bottom; WCAG 2.4.11), not left behind it.
    const setup = await page.evaluate(() => {
      const aside = document.querySelector('aside.detalhe-lateral') as HTMLElement;
      const focusable = [...document.querySelectorAll<HTMLElement>('main :is(a[href], summary, button, [tabindex="0"])')].filter(
        (e) => !aside.contains(e) && e.getClientRects().length > 0,
      );
      const i = focusable.findIndex((e) => e.matches('a.link-download'));
      const [prev, next] = [focusable[i], focusable[i + 1]];
      const barTop = aside.getBoundingClientRect().top;
      window.scrollBy(0, next.getBoundingClientRect().top - (barTop + 8));
      prev.focus({ preventScroll: true });
      return { behind: next.getBoundingClientRect().top > barTop, name: next.textContent?.trim() };
    });
    expect(setup.behind, `${setup.name} starts behind the bar`).toBe(true);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const barTop = document.querySelector('aside.detalhe-lateral')!.getBoundingClientRect().top;
      const b = document.activeElement!.getBoundingClientRect();
      return { name: document.activeElement!.textContent?.trim(), bottom: b.bottom, barTop };
    });
    expect(focused.name).toBe(setup.name);
    expect(focused.bottom, 'the focused element ends above the bar').toBeLessThanOrEqual(focused.barTop);
    // And the end of the page can be scrolled out from under the bar (padding at the bottom).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.locator('footer.rodape p').last().boundingBox();
    const barBox = await bar.boundingBox();
    expect(footer!.y + footer!.height, 'the footer text ends above the bar').toBeLessThanOrEqual(barBox!.y);
  });

  test('a closed offering says so where the sidebar is, with no bar', async ({ page }) => {
    await page.goto(CLOSED);
    const aside = page.getByRole('complementary', { name: 'Investimento' });
    await expect(aside.getByRole('heading', { name: 'Fechado para investimento' })).toBeVisible();
    expect(await aside.evaluate((e) => getComputedStyle(e).position)).not.toBe('fixed');
  });

  test('the preview shows no Investir button and no bar', async ({ page }) => {
    await login(page);
    await page.goto(PREVIEW);
    await expect(page.getByRole('main').getByRole('link', { name: 'Investir', exact: true })).toHaveCount(0);
    const aside = page.getByRole('complementary', { name: 'Investimento' });
    expect(await aside.evaluate((e) => getComputedStyle(e).position)).not.toBe('fixed');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  // axe at the phone's width (its target-size rule included), the menu open: the cards are still
  // tables to assistive technology. JS only: the nojs replay in checkA11y opens a laptop-sized
  // context.
  test('axe finds nothing on the phone layout', { tag: '@so-js' }, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/investir');
    await openMenu(page);
    await checkA11y(page);
    await login(page);
    for (const path of ['/', '/investir', OFFER, '/carteira?toggle=true']) {
      await page.goto(path);
      await openMenu(page);
      await page.getByRole('banner').getByText('Olá, Ana').click();
      await checkA11y(page);
    }
  });

  test('touch targets are at least 24 × 24 px for a visitor', async ({ page }) => {
    for (const path of ['/investir', OFFER, '/quero-investir']) {
      await page.goto(path);
      await openMenu(page);
      expect.soft(await smallTargets(page), `small targets on ${path}`).toEqual([]);
    }
  });

  test('touch targets are at least 24 × 24 px for an investor', async ({ page }) => {
    await login(page);
    for (const path of ['/', '/investir', OFFER, '/carteira?toggle=true', '/carteira/simulador?valor=10.000,00']) {
      await page.goto(path);
      await openMenu(page);
      await page.getByRole('banner').getByText('Olá, Ana').click();
      expect.soft(await smallTargets(page), `small targets on ${path}`).toEqual([]);
    }
  });
});

/** The account's pages, one per tab and sub-tab (their tabs are one row on a phone). */
const accountPages = [
  '/minha-conta',
  '/minha-conta/dados-cadastrais',
  '/minha-conta/dados-cadastrais/endereco',
  '/minha-conta/dados-cadastrais/perfil-investidor',
  '/minha-conta/dados-cadastrais/documentos',
  '/minha-conta/declaracao-investidor',
  '/minha-conta/conta-bancaria',
  '/minha-conta/extrato?dias=30',
  '/minha-conta/informe-rendimento',
  '/minha-conta/meus-termos',
  '/minha-conta/alterar-senha',
];

/** The account's sections and the registration's sub-sections, in order. */
const SECTIONS = ['Dados cadastrais', 'Declaração de investidor', 'Conta bancária', 'Extrato', 'Informe de rendimentos', 'Meus termos', 'Alterar senha'];
const SUBSECTIONS = ['Informações pessoais', 'Endereço', 'Perfil do investidor', 'Documentos'];

test('on a phone the account sections are one menu naming where one is, the page heading in the first 200 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await login(page);
  for (const path of accountPages) {
    await page.goto(path);
    await page.waitForLoadState('load');
    const m = await page.evaluate(() => {
      const menu = document.querySelector('details.menu-conta') as HTMLElement;
      const heading = [...document.querySelectorAll('main h2')].find(
        (h) => !menu.contains(h) && h.getClientRects().length > 0 && menu.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      return {
        menuHeight: menu.getBoundingClientRect().height,
        heading: heading?.textContent?.trim(),
        headingTop: heading?.getBoundingClientRect().top ?? Infinity,
        width: document.documentElement.scrollWidth,
      };
    });
    expect.soft(m.menuHeight, `${path}: the folded menu's height`).toBeLessThanOrEqual(52);
    expect.soft(m.headingTop, `${path}: '${m.heading}' starts within 200 px`).toBeLessThanOrEqual(200);
    expect.soft(m.width, `${path}: the page fits`).toBeLessThanOrEqual(PHONE.width);
  }
  // Opened, every section and sub-section is a full row one can tap; the current one marked.
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  const menu = page.locator('details.menu-conta > summary');
  await expect(menu).toHaveText('Seções da conta: Dados cadastrais › Endereço');
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Seções da conta' });
  for (const name of [...SECTIONS, ...SUBSECTIONS]) {
    const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
    expect.soft(box?.height ?? 0, `${name}'s height`).toBeGreaterThanOrEqual(44);
    expect.soft((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width, `${name} in view`).toBe(true);
  }
  await expect(nav.getByRole('link', { name: 'Endereço' })).toHaveAttribute('aria-current', 'page');
  await attachScreenshot(page, 'the account menu open');
});

test('on a laptop the account tabs are one row and the sub-tabs a row under them', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await login(page);
  await page.goto('/minha-conta/dados-cadastrais/endereco');
  const tabs = page.getByRole('navigation', { name: 'Seções da conta' });
  const sub = tabs.getByRole('navigation', { name: 'Dados cadastrais' });
  const boxes = async (names: string[], scope: typeof tabs) =>
    Promise.all(names.map(async (name) => (await scope.getByRole('link', { name, exact: true }).boundingBox())!));
  const main = await boxes(SECTIONS, tabs);
  const subs = await boxes(SUBSECTIONS, sub);
  expect(new Set(main.map((b) => Math.round(b.y))).size, 'the tabs are one row').toBe(1);
  expect(new Set(subs.map((b) => Math.round(b.y))).size, 'the sub-tabs are one row').toBe(1);
  expect(subs[0].y, 'the sub-tabs are under the tabs').toBeGreaterThanOrEqual(main[0].y + main[0].height);
  await expect(tabs.getByRole('link', { name: 'Dados cadastrais', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sub.getByRole('link', { name: 'Endereço' })).toHaveAttribute('aria-current', 'page');
});

test.describe('the statement as cards', () => {
  test('each line is a card: the description at full width, its badge on its own line', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page);
    await page.goto('/minha-conta/extrato?dias=90');
    const cells = page.locator('table.tabela-cartoes td.celula-texto');
    expect(await cells.count(), 'statement lines').toBeGreaterThan(0);
    const checked = await cells.evaluateAll((tds) =>
      tds.map((td) => {
        const row = td.parentElement!.getBoundingClientRect();
        const cell = td.getBoundingClientRect();
        const badge = td.querySelector('.badge')?.getBoundingClientRect();
        return {
          text: td.textContent!.trim().slice(0, 40),
          widthShare: cell.width / row.width,
          badgeAtStart: badge ? Math.abs(badge.left - cell.left) < 1 : true,
          hasBadge: !!badge,
        };
      }),
    );
    expect(checked.some((c) => c.hasBadge), 'some line has a status badge').toBe(true);
    for (const c of checked) {
      expect.soft(c.widthShare, `'${c.text}' takes the card's width`).toBeGreaterThan(0.85);
      expect.soft(c.badgeAtStart, `'${c.text}': the badge starts its own line`).toBe(true);
    }
  });

  test('with WCAG text spacing the statement fits 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await login(page);
    await applyTextSpacing(page);
    for (const path of ['/minha-conta/extrato?dias=90', '/minha-conta/extrato?dias=30&PageSize=20']) {
      await page.goto(path);
      expect(await page.evaluate(() => getComputedStyle(document.body).wordSpacing), 'the override is on').not.toBe('0px');
      expect.soft(await overflow(page), `${path} with text spacing at 320 px`).toBeLessThanOrEqual(0);
    }
  });
});

test('primary actions are at least 44 px tall', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page);
  for (const path of ['/investir', OFFER, `${OFFER}/ordem`, '/minha-conta/alterar-senha']) {
    await page.goto(path);
    for (const el of await page.locator('main :is(.botao-primario, button[type=submit])').all()) {
      if (!(await el.isVisible())) continue;
      const box = await el.boundingBox();
      const name = (await el.textContent())?.trim();
      expect.soft(box?.height ?? 0, `${name} on ${path}`).toBeGreaterThanOrEqual(44);
    }
  }
});
