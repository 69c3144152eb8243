// An offering's phase as a person meets it, with and without JavaScript: on the home and on
// /investir an ended, failed or cancelled offering's row is greyed out and has only the arrow to
// its detail, while an open offering, and one not open yet (to record a reservation), has
// Investir; the detail shows the same status and the same choice; an order placed before the
// opening records the reservation, shows no Pix and says from when payment will be asked.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkA11y, login } from './helpers';

const jsOn = (): boolean => test.info().project.use.javaScriptEnabled !== false;

type Phase = 'aberta' | 'pre-lancamento' | 'fechada';

interface Offering {
  name: string;
  url: string;
  phase: Phase;
  /** The status as the list, the home and the detail show it. */
  status: RegExp;
  /** Why the detail's sidebar says it is closed. */
  reason?: string;
}

const PRE = '/investir/cacau-sistema-agroflorestal-medicilandia';
const PRE_NAME = 'Cooperativa Terra Roxa – Cacau agroflorestal';

// The seed: one offering per phase (docs/CONTRACTS.md, "The offering's phase").
const OFFERINGS: Offering[] = [
  { name: 'Fazenda Santa Luzia – Soja safra 2026/27', url: '/investir/fazenda-santa-luzia-soja-2027', phase: 'aberta', status: /^Captação no ar$/ },
  {
    name: PRE_NAME,
    url: PRE,
    phase: 'pre-lancamento',
    status: /^Pré-lançamento abre em \d{2}\/\d{2}\/\d{4}$/,
  },
  // Its period ended two days ago: 'Encerrado' until the platform's sweep records its result
  // (it reached its minimum target, so then 'Finalizado').
  {
    name: 'Fazenda Rio das Mortes – Soja safra 2026/27',
    url: '/investir/soja-fazenda-rio-das-mortes-primavera',
    phase: 'fechada',
    status: /^(Encerrado|Finalizado)$/,
    reason: 'O período de captação encerrou em',
  },
  {
    name: 'Agrícola Entre Rios – Trigo e cevada 2026',
    url: '/investir/trigo-cevada-guarapuava-2026',
    phase: 'fechada',
    status: /^Finalizado$/,
  },
  {
    name: 'Fazenda Santa Clara – Soja no sul do Piauí',
    url: '/investir/soja-fazenda-santa-clara-bom-jesus',
    phase: 'fechada',
    status: /^Cancelado$/,
    reason: 'A captação encerrou sem atingir o valor alvo mínimo',
  },
  {
    name: 'Sítio Boa Vista – Café conilon capixaba',
    url: '/investir/cafe-conilon-sitio-boa-vista',
    phase: 'fechada',
    status: /^Cancelado$/,
    reason: 'Esta oferta foi cancelada e os valores pagos foram devolvidos.',
  },
];

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** What a row of the offerings table shows. */
interface Row {
  status: string;
  background: string;
  color: string;
  /** Each link of the row's last cell: its visible text and its accessible name. */
  actions: { text: string; label: string }[];
  /** Whether anything in the row says 'Investir'. */
  investir: boolean;
}

/**
 * Each row of the page's offerings table as a person reads it: the row header's text, the
 * first cell's (the status), the last cell's links (visible text and accessible name), the
 * row's colours, and whether 'Investir' is written anywhere in it. One call into the page
 * for the whole table: a locator per cell took some eight round trips a row, and the three
 * lists have some 55 rows each.
 */
async function readRows(table: Locator): Promise<[string, Row][]> {
  return table.locator('tbody > tr').evaluateAll((trs) => {
    const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
    const text = (e: Element | null | undefined): string => squash(e instanceof HTMLElement ? e.innerText : '');
    return trs.map((tr): [string, Row] => {
      const cells = [...tr.querySelectorAll(':scope > td')];
      const links = [...(cells.at(-1)?.querySelectorAll('a[href]') ?? [])];
      const s = getComputedStyle(tr);
      return [
        text(tr.querySelector(':scope > th[scope=row]')),
        {
          status: text(cells[0]),
          background: s.backgroundColor,
          color: s.color,
          actions: links.map((l) => ({ text: text(l), label: l.getAttribute('aria-label') ?? '' })),
          investir: /investir/i.test(tr instanceof HTMLElement ? tr.innerText : ''),
        },
      ];
    });
  });
}

/** Every row of the offerings table of `start`, walking its pages with 'Próxima'. */
async function everyRow(page: Page, start: string): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>();
  await page.goto(start);
  for (let n = 0; n < 10; n++) {
    const table = page.getByRole('table', { name: 'Captações' });
    await expect(table).toBeVisible();
    for (const [name, row] of await readRows(table)) rows.set(name, row);
    const next = page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Próxima' });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`Page=${n + 2}`));
  }
  return rows;
}

/** The list's (or the home's) rows of the seeded phases, as a person sees them. */
function checkRows(where: string, rows: Map<string, Row>): void {
  const open = rows.get(OFFERINGS[0].name);
  expect(open, `${where}: the open offering's row`).toBeDefined();
  for (const o of OFFERINGS) {
    const row = rows.get(o.name);
    expect(row, `${where}: a row for ${o.name}`).toBeDefined();
    if (!row || !open) continue;
    expect.soft(row.status, `${where}: ${o.name}'s status`).toMatch(o.status);
    if (o.phase === 'fechada') {
      expect.soft(row.actions, `${where}: ${o.name} has the arrow only`).toEqual([{ text: '→', label: `Ver ${o.name}` }]);
      expect.soft(row.investir, `${where}: ${o.name} says nothing of Investir`).toBe(false);
      // Greyed out: its background and text differ from an open offering's.
      expect.soft(row.background, `${where}: ${o.name}'s row is greyed out`).not.toBe(open.background);
      expect.soft(row.color, `${where}: ${o.name}'s text is greyed out`).not.toBe(open.color);
    } else {
      expect.soft(row.actions, `${where}: ${o.name} has Investir`).toEqual([{ text: 'Investir', label: `Investir em ${o.name}` }]);
      expect.soft(row.background, `${where}: ${o.name} is not greyed out`).toBe(open.background);
    }
  }
  // Every greyed-out row looks alike.
  const closed = OFFERINGS.filter((o) => o.phase === 'fechada').map((o) => rows.get(o.name)?.background);
  expect(new Set(closed).size, `${where}: one grey for every closed row`).toBe(1);
}

/** A dd/mm/aaaa date as a comparable number (aaaammdd). */
const dayNumber = (br: string): number => {
  const [d, m, y] = br.split('/').map(Number);
  return y * 10_000 + m * 100 + d;
};

/** Today in São Paulo as aaaammdd. */
function todayInSaoPaulo(): number {
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  return dayNumber(parts);
}

/** The opening day a pre-launch status names ('Pré-lançamento abre em dd/mm/aaaa'). */
const openingDay = (status: string): string => status.match(/(\d{2}\/\d{2}\/\d{4})$/)?.[1] ?? '';

test('the list greys out ended, failed and cancelled offerings; open and pre-launch ones have Investir', async ({ page }) => {
  // It reads every row of three paginated lists (the seed has some 55 offerings, the track
  // record's included) on two cores shared by four suites.
  test.setTimeout(180_000);
  const visitor = await everyRow(page, '/investir');
  checkRows('/investir (visitor)', visitor);
  await login(page);
  const investor = await everyRow(page, '/investir');
  checkRows('/investir (investor)', investor);
  const home = await everyRow(page, '/');
  checkRows('home', home);
  // The home and the list say the same of each.
  for (const o of OFFERINGS) {
    expect(home.get(o.name)?.status, `${o.name}: home and list alike`).toBe(investor.get(o.name)?.status);
  }
  // Not open yet: it opens after today.
  const opens = openingDay(investor.get(PRE_NAME)?.status ?? '');
  expect(dayNumber(opens), `${PRE_NAME} opens after today`).toBeGreaterThan(todayInSaoPaulo());
});

test('the detail shows the phase as the list does, and only open or pre-launch offerings offer Investir', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  const list = await everyRow(page, '/investir');
  for (const o of OFFERINGS) {
    await page.goto(o.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(o.name);
    const status = page.locator('main dl.fatos > div').filter({ has: page.getByRole('term').filter({ hasText: /^Status$/ }) });
    const shown = squash(await status.getByRole('definition').innerText());
    expect(shown, `${o.name}: the detail's status`).toMatch(o.status);
    expect(shown, `${o.name}: detail and list alike`).toBe(list.get(o.name)?.status);
    const side = page.getByRole('complementary', { name: 'Investimento' });
    if (o.phase === 'fechada') {
      await expect(side.getByRole('heading', { name: 'Fechado para investimento' })).toBeVisible();
      await expect(side.getByRole('link', { name: 'Investir' })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Investir', exact: true })).toHaveCount(0);
      if (o.reason) await expect(side).toContainText(o.reason);
    } else {
      await expect(side.getByRole('heading', { name: 'Fechado para investimento' })).toHaveCount(0);
      await expect(side.getByRole('link', { name: 'Investir', exact: true })).toBeVisible();
    }
    if (o.phase === 'pre-lancamento') {
      await expect(side).toContainText(
        `Pré-lançamento: a reserva fica registrada, pagamento a partir da abertura, em ${openingDay(shown)}.`,
      );
    } else {
      await expect(side.getByText('pagamento a partir da abertura')).toHaveCount(0);
    }
  }
});

test('an order before the opening records the reservation and asks for no money', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  await page.goto(PRE);
  const status = squash(
    await page.locator('main dl.fatos > div').filter({ has: page.getByRole('term').filter({ hasText: /^Status$/ }) }).getByRole('definition').innerText(),
  );
  const opens = openingDay(status);
  expect(opens, 'the detail names the opening day').toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.getByRole('complementary', { name: 'Investimento' }).getByRole('link', { name: 'Investir', exact: true }).click();
  // With JS the order opens in the side modal; without, page by page.
  const flow = jsOn() ? page.locator('dialog.modal-lateral') : page.locator('main');
  await expect(flow.getByText('Passo 1 de 3')).toBeVisible();
  const valor = flow.getByLabel('Valor do investimento (R$)');
  if (jsOn()) {
    await valor.pressSequentially('100000');
    await expect(valor).toHaveValue('1.000,00');
  } else {
    await valor.fill('1.000,00');
  }
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await expect(flow.getByText('Passo 2 de 3')).toBeVisible();
  await flow.getByLabel('Declaro que li e concordo com os termos acima.').check();
  await flow.getByLabel('Li e aceito o Termo de Ciência de Risco', { exact: false }).check();
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await expect(flow.getByText('Passo 3 de 3')).toBeVisible();
  await flow.getByRole('button', { name: 'Confirmar investimento' }).click();

  const reserva = flow.getByRole('region', { name: 'Detalhe da reserva' });
  await expect(reserva).toBeVisible();
  await expect(reserva).toContainText(PRE_NAME);
  await expect(reserva.getByRole('heading', { name: 'Reserva registrada' })).toBeVisible();
  await expect(reserva.getByText(`Reserva registrada em pré-lançamento: pagamento a partir da abertura, em ${opens}.`)).toBeVisible();
  // No money is asked for: no Pix code, no QR code, no payment deadline.
  await expect(reserva.getByRole('heading', { name: 'Aporte pendente' })).toHaveCount(0);
  await expect(reserva.getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0);
  await expect(reserva.getByLabel('Pix copia e cola')).toHaveCount(0);
  await expect(reserva.getByText('Prazo para pagamento')).toHaveCount(0);
  await checkA11y(page);
});
