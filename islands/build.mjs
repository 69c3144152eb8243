// Bundles the islands for build.rs: `node islands/build.mjs OUT_DIR`.
//
// Entry points: loader.ts + every *.tsx in this folder (one island each). Output is ESM with code
// splitting (React and shared helpers land in `chunk-HASH.js`), minified, content-hashed, and a
// `manifest.json` mapping logical names ("islands/loader.js", "islands/chunk-HASH.js") to file
// names.
//
// The islands that bring a library are each bundled on their own (`SOLO`):
// - chart.js is one big module, and esbuild's splitting shares modules, not parts of them, so
//   two chart islands in one build would share one chunk with the line *and* the doughnut code.
//   Alone, each keeps only what its `Chart.register` names: a page gets the chart type it shows;
// - React and Leaflet are CommonJS, whose interop helpers esbuild puts in a chunk that every
//   entry of the build then imports, the loader's tiny plain-DOM islands included. Apart, the
//   pages that need neither never fetch it.
// Each library is used by one island only, so nothing is duplicated on a page. Same input → same bytes → same hashes (esbuild is deterministic; paths are relative to
// this folder, so the output directory does not leak into the hashes).
import * as esbuild from 'esbuild';
import { readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outArg = process.argv[2];
if (!outArg) {
  console.error('usage: node build.mjs OUT_DIR');
  process.exit(2);
}
const outdir = resolve(outArg);

const SOLO = ['chart.tsx', 'map.tsx', 'rosca.tsx', 'sliders.tsx'];
const islands = readdirSync(here)
  .filter((f) => f.endsWith('.tsx'))
  .sort();
const entryPoints = ['loader.ts', ...islands.filter((f) => !SOLO.includes(f))];

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const options = {
  absWorkingDir: here,
  outdir,
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2020'],
  platform: 'browser',
  jsx: 'automatic',
  charset: 'utf8',
  legalComments: 'eof',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
};
const builds = await Promise.all([
  esbuild.build({ ...options, entryPoints, splitting: true }),
  ...SOLO.filter((f) => islands.includes(f)).map((f) =>
    esbuild.build({ ...options, entryPoints: [f], splitting: false }),
  ),
]);
const outputs = Object.assign({}, ...builds.map((b) => b.metafile.outputs));

const manifest = {};
for (const [outPath, meta] of Object.entries(outputs)) {
  const fileName = basename(outPath);
  const logical = meta.entryPoint
    ? `islands/${basename(meta.entryPoint, extname(meta.entryPoint))}.js`
    : `islands/${fileName}`;
  manifest[logical] = fileName;
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(sorted, null, 2) + '\n');

for (const [logical, fileName] of Object.entries(sorted)) {
  const bytes = outputs[relative(here, join(outdir, fileName))]?.bytes;
  console.log(`${logical} -> ${fileName}${bytes ? ` (${bytes} B)` : ''}`);
}
