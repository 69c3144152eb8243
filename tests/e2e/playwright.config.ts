// Playwright end-to-end suite. Runs the already-built binary (tests/run.sh builds it) against a
// fresh sandbox, with Debian's Chromium headless shell (never `npx playwright install`).
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { APP_PORT, APP_URL, ROOT, SANDBOX_PORT, VNU_PORT, VNU_URL } from './helpers';

const CI = !!process.env.CI;
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
// tests/run.sh runs each of the `js` and `nojs` projects as two processes, four side by side,
// each with its own web app, sandbox and database (E2E_PORT), so none sees another's investors
// change; inside a process the files run one at a time, in name order. A process spends most of
// its time waiting on the browser, not computing, so four keep the two cores busier than two.
// E2E_HALF picks the process's files: 1, the page checks and the journeys below (about half
// the time, rebalanced from the run's per-test times when a half runs longer); 2, all
// the others (a new spec lands there); unset, every file.
const PAGE_CHECKS = /\/(agenda|cadastro|captacoes-fases|carteira|crawl|foco|layout|leitor-de-tela|login|mascara-cep|wcag22)\.spec\.ts$/;
const HALF = process.env.E2E_HALF;
// A project's testIgnore replaces the config's, so each project lists it.
const OTHER_HALF = HALF === '2' ? [PAGE_CHECKS] : [];
const RUN = `e2e-${APP_PORT}`;
// The binary `cargo build` made (tests/run.sh builds it first): the suite never builds.
const BIN = `${process.env.CARGO_TARGET_DIR || 'target'}/debug/colheita`;

export default defineConfig({
  testDir: '.',
  testMatch: HALF === '1' ? PAGE_CHECKS : '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // Four suites share two cores (tests/run.sh): a step waits on the others' CPU, so the limits
  // leave room for that wait; they bound a hang, they do not measure speed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The HTML report keeps the attachments (e.g. layout.spec.ts's screenshots at 360 and 1366 px).
  reporter: [['list'], ['html', { outputFolder: `${ROOT}/target/${RUN}-report`, open: 'never' }]],
  outputDir: `${ROOT}/target/${RUN}-results`,
  use: {
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps a screenshot of its end (and the error's context). Its trace is kept
    // only with E2E_TRACE=1 (actions, console, network; `--trace on` adds DOM snapshots):
    // recording one for every test, passing or not, cost some 5-15 % of the run's browser time
    // (benches/README.md), and a failure is replayed locally to look into it.
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', snapshots: false, screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (Chromium without the desktop browser around the page) when
      // installed, as tests/run.sh does: the same Blink at some half the CPU of the full browser
      // run headless (benches/README.md); else the full browser.
      executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: [
        '--disable-gpu',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // A test tagged @so-nojs / @so-js is about one of the two worlds only.
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: OTHER_HALF, grepInvert: /@so-nojs/ },
    {
      name: 'nojs',
      use: { javaScriptEnabled: false },
      testIgnore: [...OTHER_HALF, /countdown\.spec\.ts/],
      grepInvert: /@so-js/,
    },
  ],
  webServer: [
    {
      // The whole suite signs up and logs in from one address: the per-address limits are
      // raised so they do not stand in its way (tests/app/limites.rs proves them).
      command:
        `${BIN} --addr 127.0.0.1:${APP_PORT} --sandbox-addr 127.0.0.1:${SANDBOX_PORT} ` +
        `--data-dir target/${RUN}-data --sandbox-reset --signup-limit 100000 --sandbox-login-limit 100000 ` +
        // Every new investor of the suite changes its password from the same address.
        '--password-guess-limit 100000 ' +
        // Synthetic investors: four for the CVM 88 journey (cvm.spec.ts, one per project and retry),
        // two for the keyboard-only withdrawal (teclado.spec.ts, one per project).
        '--sandbox-extra-investors 6',
      cwd: ROOT,
      url: `${APP_URL}/healthz`,
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The Nu HTML checker as a service (helpers.ts, checkHtml): one JVM answers every check of
      // the run instead of one JVM started per page. It keeps no state, so one already running
      // (tests/run.sh starts one for its four processes) is used as it is. Its start reads the HTML
      // spec, which takes a while on a busy machine.
      command: `bash tests/e2e/vnu-service.sh ${VNU_PORT}`,
      cwd: ROOT,
      url: VNU_URL,
      reuseExistingServer: true,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
