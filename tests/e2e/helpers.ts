// Shared helpers: log in as a person does, axe-core and vnu checks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Result, RunOptions } from 'axe-core';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const ROOT = resolve(here, '..', '..');
// E2E_PORT lets two checkouts run their suites side by side; the sandbox takes the next port.
export const APP_PORT = Number(process.env.E2E_PORT ?? 3310);
export const SANDBOX_PORT = APP_PORT + 1;
/** This run's sandbox data dir (one per port, so two runs side by side share nothing). */
export const DATA_DIR = resolve(ROOT, 'target', `e2e-${APP_PORT}-data`);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
/**
 * The Nu HTML checker (vnu.jar) as an HTTP service (vnu-service.sh), one JVM for the whole run:
 * the config's webServer starts it unless one already answers there (tests/run.sh starts one
 * early and shares it between its four processes through VNU_PORT).
 */
export const VNU_PORT = Number(process.env.VNU_PORT ?? APP_PORT + 2);
export const VNU_URL = `http://127.0.0.1:${VNU_PORT}/`;
export const PASSWORD = 'colheita123';
export const INVESTIDOR = 'investidor@colheita.dev';

/** The sandbox's login form (fields "E-mail" and "Senha", button "Entrar"). */
export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.origin === SANDBOX_URL);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByLabel('Senha')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
}

/** Fills the sandbox login form and submits it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs in as a person does: `/` → sandbox login page → back on `/`. */
export async function login(page: Page, email: string = INVESTIDOR, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await expectLoginPage(page);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL((url) => url.origin === APP_URL && url.pathname === '/');
}

/** Where the app sends a visitor to log in (the sandbox login URL with its query). */
export async function loginPageUrl(page: Page): Promise<string> {
  await page.goto('/');
  await expectLoginPage(page);
  return page.url();
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core, WCAG 2.0/2.1/2.2 A and AA rules: zero violations (printed on failure).
 *
 * axe needs JavaScript in the page. In the `nojs` project the page's DOM (as rendered without
 * JS) is replayed at the same URL in a JS-enabled page, with the page's cookies, whose
 * scripts are blocked, and axe runs there.
 */
export async function checkA11y(page: Page): Promise<void> {
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (jsEnabled) {
    return reportAxe(page, page);
  }
  const browser = page.context().browser();
  if (!browser) throw new Error('checkA11y: no browser');
  const replay = await replayPage(browser);
  replay.shown = { url: page.url(), html: await page.content() };
  await replay.page.context().clearCookies();
  await replay.page.context().addCookies(await page.context().cookies());
  // A URL that differs from the last one only in its #fragment would not load a document.
  if (bare(replay.page.url()) === bare(replay.shown.url)) await replay.page.goto('about:blank');
  await replay.page.goto(replay.shown.url);
  await reportAxe(replay.page, page);
}

/** `u` without its #fragment (a document request's URL never has one). */
const bare = (u: string): string => u.split('#')[0];

/** A worker's replay page and the page it is to show next. */
type Replay = { page: Page; shown: { url: string; html: string } };

/**
 * The replay page of a worker's browser, made once: a new context or page per check cost more
 * than the check. Each check sets its cookies and the DOM to show, so nothing carries over: the
 * document at that URL is the shown page's DOM, every script is refused, the rest (styles,
 * images) comes from the app.
 */
const replays = new WeakMap<Browser, Promise<Replay>>();
function replayPage(browser: Browser): Promise<Replay> {
  let replay = replays.get(browser);
  if (!replay) {
    replay = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const made: Replay = { page: await context.newPage(), shown: { url: '', html: '' } };
      await made.page.route('**/*', (route) => {
        const req = route.request();
        if (req.resourceType() === 'document' && req.url() === bare(made.shown.url)) {
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: made.shown.html });
        }
        if (req.resourceType() === 'script') return route.abort();
        return route.continue();
      });
      return made;
    })();
    replays.set(browser, replay);
  }
  return replay;
}

/** axe-core's script, put into each page it checks (axe.run is its documented entry point). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe.run's options: the WCAG rules, every violation with all its nodes, and of the other
 * results at most one node each (their selectors were much of a run's time on a long page, and
 * the check reads only the violations). Frames are left out: the app's CSP lets a page frame only YouTube's
 * player (an offering's video), whose content is not the app's, and `frame-ancestors 'none'`
 * keeps the app out of frames of its own.
 */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  resultTypes: ['violations'],
  iframes: false,
};

async function reportAxe(target: Page, shown: Page): Promise<void> {
  await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    return (await axe.run(document, options)).violations;
  }, AXE_OPTIONS);
  const report = violations
    .map(
      (v: Result) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    )
    .join('\n');
  expect(violations.length, `axe violations on ${shown.url()}:\n${report}`).toBe(0);
}

/** One message of the Nu HTML checker's JSON output. */
type VnuMessage = { type: string; subType?: string; message: string; lastLine?: number; firstColumn?: number; lastColumn?: number; extract?: string };

/**
 * Sends HTML to the vnu service (VNU_URL) and expects no message at all: errors, warnings and
 * info alike (the command line's `--Werror`, which also prints and fails on info, held the same).
 */
export async function checkHtml(html: string, label = 'page'): Promise<void> {
  const res = await fetch(`${VNU_URL}?out=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: html,
  });
  expect(res.status, `vnu service at ${VNU_URL} on ${label}`).toBe(200);
  const { messages } = (await res.json()) as { messages: VnuMessage[] };
  const report = messages
    .map((m) => {
      const at = m.lastLine === undefined ? '' : `${m.lastLine}.${m.firstColumn ?? m.lastColumn}-${m.lastLine}.${m.lastColumn}: `;
      return `${at}${m.type}${m.subType ? ` ${m.subType}` : ''}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : ''}`;
    })
    .join('\n');
  expect(report, `vnu on ${label}:\n${report}`).toBe('');
}

/** The server's HTML of `url` (not the DOM after scripts), with the page's cookies. */
export async function rawHtml(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url, { maxRedirects: 0 });
  return res.text();
}

/**
 * Full-page screenshots for a person to look at (the layout and WCAG 2.2 sweeps), attached to
 * the HTML report (target/e2e-<port>-report) when E2E_SCREENSHOTS=1. They check nothing: the
 * numbers beside them do. Off by default, as a picture cost Chromium about as much as loading
 * its page, and the sweeps take some 250 of them a run (benches/README.md).
 */
export async function attachScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  // Chromium under the four suites' load now and then answers "Unable to capture screenshot"
  // for a page it drew: the picture is for a person to look at, so it is asked for once more.
  const shot = () => page.screenshot({ fullPage: true });
  const body = await shot().catch(shot);
  await test.info().attach(`${name} @ ${page.viewportSize()?.width}px`, { body, contentType: 'image/png' });
}
