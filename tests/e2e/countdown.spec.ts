// The island pipeline (js project only): pages without islands load no script; the loader
// mounts only the islands present; the countdown ticks; the visibility toggle posts the fallback
// form's CSRF field; assets are served hashed, immutable and gzipped.
//
// Island harness pages are served by `page.route` on the app's origin, but every script comes
// from the real server: esbuild's hashes are reproducible, so running islands/build.mjs here gives
// the same URLs the binary embeds (a 404 means the binary was built from other sources).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { APP_URL, ROOT, login } from './helpers';

let manifest: Record<string, string> = {};
const assetUrl = (logical: string): string => {
  const file = manifest[logical];
  if (!file) throw new Error(`${logical} missing from the islands manifest`);
  return `/assets/${file}`;
};

test.beforeAll(() => {
  const out = mkdtempSync(join(tmpdir(), 'colheita-ilhas-'));
  execFileSync('node', [join(ROOT, 'islands/build.mjs'), out], { stdio: 'ignore' });
  try {
    manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  } finally {
    // Only the manifest is needed: the build's bundles would otherwise stay in /tmp per run.
    rmSync(out, { recursive: true, force: true });
  }
});

const HARNESS = `${APP_URL}/__teste-ilhas`;

async function harness(page: Page, body: string, htmlClass = ''): Promise<void> {
  const html = `<!DOCTYPE html><html lang="pt-BR"${htmlClass ? ` class="${htmlClass}"` : ''}><head>
<meta charset="utf-8"><title>Ilhas | Colheita</title></head><body><main><h1>Ilhas</h1>${body}</main>
<div id="carregando" hidden></div>
<script type="module" src="${assetUrl('islands/loader.js')}"></script></body></html>`;
  await page.route(HARNESS, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await page.goto(HARNESS);
}

function island(name: string, fallback: string, props: unknown): string {
  const json = JSON.stringify(props).replace(/</g, '\\u003c');
  return `<div data-island="${name}" data-src="${assetUrl(`islands/${name}.js`)}">${fallback}<script type="application/json">${json}</script></div>`;
}

function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script' || new URL(req.url()).pathname.endsWith('.js')) urls.push(req.url());
  });
  return urls;
}

test('a page without islands loads no script', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/naoexiste-404');
  await expect(page.locator('script[src]')).toHaveCount(0);
  expect(scripts).toEqual([]);
});

test('the home page loads the loader only when it holds islands, and mounts them', async ({ page }) => {
  await login(page);
  const islands = await page.locator('[data-island]').count();
  const scripts = page.locator('script[src]');
  if (islands === 0) {
    await expect(scripts).toHaveCount(0);
  } else {
    await expect(scripts).toHaveCount(1);
    await expect(scripts).toHaveAttribute('type', 'module');
    // The tiny islands mount at once; the others wait for their trigger (the donut for a touch).
    for (const el of await page.locator('[data-island]:not([data-carregar]):not([data-lazy])').all()) {
      await expect(el).toHaveAttribute('data-island-state', 'mounted');
    }
    for (const el of await page.locator('[data-island][data-carregar]').all()) {
      await expect(el).toHaveAttribute('data-island-state', 'waiting');
    }
  }
});

test('assets are content-hashed, immutable and gzipped', async ({ page, request }) => {
  await page.goto('/naoexiste-404');
  const css = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  expect(css).toMatch(/^\/assets\/app-[0-9a-f]{8}\.css$/);
  for (const url of [css as string, assetUrl('islands/loader.js'), assetUrl('islands/countdown.js')]) {
    const res = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status(), `${url} (a 404 means the binary is stale: rebuild it)`).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(res.headers()['content-encoding']).toBe('gzip');
    expect(res.headers()['vary']).toContain('Accept-Encoding');
  }
  expect((await request.get('/assets/loader-00000000.js')).status()).toBe(404);
});

const when = (text: string, iso: string): string => `<time class="contagem" datetime="${iso}">${text}</time>`;

test('the loader fetches only the islands on the page; a countdown is the date with the time left beside it', async ({ page }) => {
  // Two days and half an hour before the deadline; the time left changes once a minute.
  const start = new Date('2026-11-20T18:00:00-03:00');
  await page.clock.install({ time: start });
  const scripts = scriptRequests(page);
  const loaderResponse = page.waitForResponse((r) => r.url().endsWith(assetUrl('islands/loader.js')));
  await harness(
    page,
    `<p>Encerra em: ` +
      island('countdown', when('22/11/2026 às 18:30', '2026-11-22T18:30:00-03:00'), {
        deadline: '2026-11-22T18:30:00-03:00',
        finishedText: 'Encerrado',
      }).replace(/div/g, 'span') +
      `</p><p>Já acabou: ` +
      island('countdown', when('01/11/2026 às 18:00', '2026-11-01T18:00:00-03:00'), {
        deadline: '2026-11-01T18:00:00-03:00',
        finishedText: 'Encerrado',
      }).replace(/div/g, 'span') +
      '</p>',
  );
  expect((await loaderResponse).headers()['cache-control']).toContain('immutable');
  await expect(page.locator('[data-island-state="mounted"]')).toHaveCount(2);

  // The date and time stay as the server wrote them; the time left, a duration, is beside it
  // for the eye; the timer (a polite live region) says it in words.
  const first = page.locator('[data-island="countdown"]').first();
  await expect(first.locator('time.contagem')).toHaveText('22/11/2026 às 18:30');
  const left = first.locator('.contagem-restante');
  await expect(left).toHaveText(' (faltam 2 dias)');
  await expect(left).toHaveAttribute('aria-hidden', 'true');
  const timer = first.getByRole('timer');
  await expect(timer).toHaveText('Faltam 2 dias e 29 minutos');
  await expect(timer).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByText('Encerrado', { exact: true }).first()).toBeVisible();

  // Days away, the text does not tick in seconds: one change a minute at most.
  await first.evaluate((el) => {
    const log: string[] = [];
    (window as unknown as { mudancas: string[] }).mudancas = log;
    new MutationObserver(() => log.push(el.querySelector('.contagem-restante')?.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.clock.runFor(59_000);
  const changes = await page.evaluate(() => (window as unknown as { mudancas: string[] }).mudancas.length);
  expect(changes, 'changes within a minute').toBeLessThanOrEqual(2);
  await page.clock.runFor(31 * 60_000);
  await expect(left).toHaveText(' (faltam 1 dia e 23 h)');

  await expect(page.locator('[data-island-state="mounted"]')).toHaveCount(2);
  expect(scripts.some((u) => u.includes('/visibility-'))).toBe(false);
  expect(scripts.some((u) => u.includes('/countdown-'))).toBe(true);
});

test('in the last hour the time left is in minutes and seconds, never a time of day', async ({ page }) => {
  const start = new Date('2026-11-20T18:00:00-03:00');
  await page.clock.install({ time: start });
  await harness(
    page,
    island('countdown', when('20/11/2026 às 18:12', '2026-11-20T18:12:00-03:00'), {
      deadline: '2026-11-20T18:12:00-03:00',
      finishedText: 'Prazo encerrado',
    }),
  );
  await expect(page.locator('[data-island-state="mounted"]')).toHaveCount(1);
  await page.clock.pauseAt(new Date(start.getTime() + 55_000));
  await expect(page.locator('.contagem-restante')).toHaveText(/^ \(faltam 11 min 0[45] s\)$/);
  await page.clock.runFor(12 * 60_000);
  await expect(page.locator('.contagem')).toHaveText('Prazo encerrado');
  await expect(page.locator('.contagem-restante')).toHaveCount(0);
});

test('a countdown speaks at most once a minute and never takes the focus', async ({ page }) => {
  const start = new Date('2026-11-20T18:00:00-03:00');
  await page.clock.install({ time: start });
  // Two and a half minutes left: the words change at 2:00, 1:00, under a minute, and the end.
  await harness(
    page,
    `<p><a href="#x">Um link</a> Encerra em: ` +
      island('countdown', when('20/11/2026 às 18:02', '2026-11-20T18:02:30-03:00'), { deadline: '2026-11-20T18:02:30-03:00', finishedText: 'Encerrado' }).replace(/div/g, 'span') +
      '</p>',
  );
  await expect(page.locator('[data-island-state="mounted"]')).toHaveCount(1);
  const link = page.getByRole('link', { name: 'Um link' });
  await link.focus();
  // Every rewrite of the live region, with the (fake) time it happened.
  await page.evaluate(() => {
    const spoken = document.querySelector('[aria-live]')!;
    const log: { at: number; text: string }[] = [{ at: Date.now(), text: spoken.textContent ?? '' }];
    (window as unknown as { falas: typeof log }).falas = log;
    new MutationObserver(() => log.push({ at: Date.now(), text: spoken.textContent ?? '' })).observe(spoken, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.clock.runFor(4 * 60_000);
  const falas = await page.evaluate(() => (window as unknown as { falas: { at: number; text: string }[] }).falas);
  expect(falas.map((f) => f.text)).toContain('Encerrado');
  expect(falas.length, 'something was said after the first words').toBeGreaterThan(2);
  // falas[0] is what was there when the log began (written at mounting, some time before).
  for (let i = 2; i < falas.length; i++) {
    expect(falas[i].at - falas[i - 1].at, `'${falas[i].text}' came a minute after '${falas[i - 1].text}'`).toBeGreaterThanOrEqual(60_000);
  }
  await expect(link).toBeFocused();
  await expect(page.locator('.contagem')).toHaveText('Encerrado');
});

const VISIBILITY = {
  action: '/visibilidade',
  hideLabel: 'Ocultar valores',
  showLabel: 'Mostrar valores',
  shownStatus: 'Valores visíveis.',
  hiddenStatus: 'Valores ocultos.',
};

test('the visibility toggle posts the CSRF field and hides values', async ({ page }) => {
  let posted: { accept?: string; body: string } | undefined;
  // The server flips the flag on each POST, as the real one does with its cookie.
  let visivel = true;
  await page.route(`${APP_URL}/visibilidade`, async (route) => {
    const req = route.request();
    posted = { accept: req.headers()['accept'], body: req.postData() ?? '' };
    visivel = !visivel;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ visivel }) });
  });
  await harness(
    page,
    island(
      'visibility',
      '<form method="post" action="/visibilidade"><input type="hidden" name="csrf" value="tok-123">' +
        '<button type="submit">Ocultar valores</button></form>',
      VISIBILITY,
    ) + '<p>Saldo: <span class="valor-real">R$ 1.234,56</span></p>',
  );
  const button = page.getByRole('button', { name: 'Ocultar valores' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-island="visibility"]')).toHaveAttribute('data-island-state', 'mounted');
  await button.click();

  const shown = page.getByRole('button', { name: 'Mostrar valores' });
  await expect(shown).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/valores-ocultos/);
  expect(posted?.accept).toBe('application/json');
  const form = new URLSearchParams(posted?.body);
  expect(form.get('csrf')).toBe('tok-123');

  await shown.click();
  await expect(page.getByRole('button', { name: 'Ocultar valores' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/valores-ocultos/);
});

test('one toggle hides the amounts of every island at once: a chart says the mask, the page too', async ({ page }) => {
  let visivel = true;
  await page.route(`${APP_URL}/visibilidade`, async (route) => {
    visivel = !visivel;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ visivel }) });
  });
  const table = '<table><caption>Parcelas</caption><tr><td>R$ 1.000,00</td></tr></table>';
  await harness(
    page,
    island('visibility', '<form method="post" action="/visibilidade"><button type="submit">Ocultar valores</button></form>', VISIBILITY) +
      island('chart', table, {
        height: 200,
        title: 'Parcelas previstas por cenário',
        labels: ['10/01/2027', '10/02/2027'],
        datasets: [{ label: 'Base', data: ['10.00', '1000.00'] }],
      }),
  );
  const canvas = page.locator('[data-island="chart"] canvas');
  await expect(canvas).toHaveAttribute('aria-label', /R\$\s1\.010,00/);
  await page.getByRole('button', { name: 'Ocultar valores' }).click();
  await expect(page.locator('html')).toHaveClass(/valores-ocultos/);
  await expect(canvas).toHaveAttribute('aria-label', /R\$ •••••/);
  await expect(canvas).not.toHaveAttribute('aria-label', /1\.010/);
  await page.getByRole('button', { name: 'Mostrar valores' }).click();
  await expect(canvas).toHaveAttribute('aria-label', /R\$\s1\.010,00/);
});
