// Shared helpers: log in as a person does, axe-core and vnu checks.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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
 * JS) is replayed at the same URL in a fresh JS-enabled context whose scripts are blocked, and
 * axe runs there.
 */
export async function checkA11y(page: Page): Promise<void> {
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (jsEnabled) {
    return reportAxe(page, page);
  }
  const url = page.url();
  const html = await page.content();
  const browser = page.context().browser();
  if (!browser) throw new Error('checkA11y: no browser');
  const context = await browser.newContext({
    javaScriptEnabled: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    storageState: await page.context().storageState(),
  });
  try {
    const replay = await context.newPage();
    await replay.route('**/*', (route) => {
      const req = route.request();
      if (req.resourceType() === 'document' && req.url() === url) {
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      }
      if (req.resourceType() === 'script') return route.abort();
      return route.continue();
    });
    await replay.goto(url);
    await reportAxe(replay, page);
  } finally {
    await context.close();
  }
}

async function reportAxe(target: Page, shown: Page): Promise<void> {
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  const report = results.violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    )
    .join('\n');
  expect(results.violations.length, `axe violations on ${shown.url()}:\n${report}`).toBe(0);
}

/** Pipes HTML to vnu (`--Werror`, so warnings count) and expects no message. */
export async function checkHtml(html: string, label = 'page'): Promise<void> {
  const jar = resolve(here, 'node_modules/vnu-jar/build/dist/vnu.jar');
  const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(
      'java',
      ['-Xss4m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-jar', jar, '--Werror', '--format', 'gnu', '-'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
    child.stdin.end(html);
  });
  expect(output.trim(), `vnu on ${label}:\n${output}`).toBe('');
  expect(code, `vnu exit code on ${label}`).toBe(0);
}

/** The server's HTML of `url` (not the DOM after scripts), with the page's cookies. */
export async function rawHtml(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url, { maxRedirects: 0 });
  return res.text();
}
