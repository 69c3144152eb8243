// Bundles the islands for build.rs: `node islands/build.mjs OUT_DIR`.
//
// Two builds:
// - the loader alone (no splitting): the only script a page with islands includes, so nothing it
//   imports may pull in a chunk shared with the islands;
// - every island (`*.tsx`) together, with code splitting: React, react-dom and the signals the
//   islands share land in one chunk (`mount.ts` imports all three, so every React island imports
//   the same set and esbuild makes one chunk of it), fetched with the first island that wakes and
//   cached for the visit; chart.js and Leaflet land in chunks of the islands that use them.
// Output is ESM, minified, content-hashed, with a `manifest.json` mapping logical names
// ("islands/loader.js", "islands/chunk-HASH.js") to file names. Same input → same bytes → same
// hashes (esbuild is deterministic; paths are relative to this folder, so the output directory
// does not leak into the hashes).
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

const islands = readdirSync(here)
  .filter((f) => f.endsWith('.tsx'))
  .sort();

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
  alias: { 'use-sync-external-store/shim/index.js': './comum/use-sync-external-store.ts' },
  metafile: true,
  logLevel: 'warning',
};
const builds = await Promise.all([
  esbuild.build({ ...options, entryPoints: ['loader.ts'], splitting: false }),
  // V8's compile hint: every function of an island's chunk runs when the island wakes, so it is
  // compiled with the module (off the main thread while it streams in) instead of one function
  // at a time on the first call. React's first render on a slow phone then waits on no compiler.
  esbuild.build({
    ...options,
    entryPoints: islands,
    splitting: true,
    banner: { js: '//# allFunctionsCalledOnLoad' },
  }),
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
// The chunks each island statically imports, directly or through another chunk, by logical name:
// the page can fetch them ahead of the island (`<link rel=modulepreload>` fetches one module, not
// what it imports).
const logicalOf = (outPath) => {
  const meta = outputs[outPath];
  return meta?.entryPoint
    ? `islands/${basename(meta.entryPoint, extname(meta.entryPoint))}.js`
    : `islands/${basename(outPath)}`;
};
const imports = {};
for (const [outPath, meta] of Object.entries(outputs)) {
  if (!meta.entryPoint || !outPath.endsWith('.js')) continue;
  const seen = new Set();
  const walk = (path) => {
    for (const i of outputs[path]?.imports ?? []) {
      if (i.kind !== 'import-statement' || i.external || seen.has(i.path)) continue;
      seen.add(i.path);
      walk(i.path);
    }
  };
  walk(outPath);
  imports[logicalOf(outPath)] = [...seen].map(logicalOf).sort();
}
const sortedImports = Object.fromEntries(Object.entries(imports).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(outdir, 'imports.json'), JSON.stringify(sortedImports, null, 2) + '\n');
// What each output is made of (esbuild's metafile): the budget test reads it to tell an island's
// own code from React's and its library's. build.rs embeds only what the manifest names.
writeFileSync(join(outdir, 'metafile.json'), JSON.stringify({ outputs }) + '\n');

for (const [logical, fileName] of Object.entries(sorted)) {
  const bytes = outputs[relative(here, join(outdir, fileName))]?.bytes;
  console.log(`${logical} -> ${fileName}${bytes ? ` (${bytes} B)` : ''}`);
}
