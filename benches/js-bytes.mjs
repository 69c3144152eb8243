// JavaScript bytes per page (gzip, as the server sends them): before the investor interacts, and
// with every island of the page loaded. Runs the Playwright budget test (tests/e2e/js-budget.spec.ts,
// which asserts ≤ 3 KiB and ≤ 150 KiB and writes target/js-bytes.json) against the binary in
// target/debug, then prints one line per page and the JSON.
//
//   node benches/js-bytes.mjs            # E2E_PORT (default 3310) and the sandbox on the next port
//   node benches/js-bytes.mjs --no-run   # only print target/js-bytes.json of the last run
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (!process.argv.includes('--no-run')) {
  const run = spawnSync(
    'npx',
    ['--no-install', 'playwright', 'test', 'js-budget.spec.ts', '--project', 'js', '-g', 'JavaScript budget'],
    { cwd: join(root, 'tests/e2e'), stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1' } },
  );
  if (run.status !== 0) process.exitCode = run.status ?? 1;
}

const figures = JSON.parse(readFileSync(join(root, 'target/js-bytes.json'), 'utf8'));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
// `warmed`: the main action's chunks fetched ahead at idle (the offering's order);
// `islands`: every island of the page woken; `all`: and the page's flows run (the offering's
// simulation, whose modal brings the line chart).
for (const [page, { before, warmed = 0, islands, all }] of Object.entries(figures)) {
  console.log(
    `${page.padEnd(10)} before interaction ${String(before).padStart(7)} B (${kib(before)})` +
      `   warmed ${String(warmed).padStart(7)} B (${kib(warmed)})` +
      `   islands ${String(islands).padStart(7)} B (${kib(islands)})   all ${String(all).padStart(7)} B (${kib(all)})`,
  );
}
const summary = Object.entries(figures).map(([p, f]) => [p, { before: f.before, warmed: f.warmed ?? 0, islands: f.islands, all: f.all }]);
console.log(JSON.stringify(Object.fromEntries(summary)));
