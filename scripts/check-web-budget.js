'use strict';
// First-load budget of the web app: after `npm run build`, checks that the JavaScript a
// first visit to each route in apps/web/bundle-budget.json downloads fits its compressed
// budget. Prints a table; exits 1 when a route is over, loads what it must not, or names
// a page module the manifest does not have. Usage: node scripts/check-web-budget.js
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { checkBudgets, formatReport } = require('../apps/web/bundle-budget.cjs');

const web = path.join(__dirname, '..', 'apps', 'web');
const dist = path.join(web, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

/** The build's own .br/.gz copy when there is one (what is served), otherwise compressed here at the highest level. */
function compressedSize(file, suffix, compress) {
  const copy = `${file}.${suffix}`;
  return fs.existsSync(copy) ? fs.statSync(copy).size : compress(fs.readFileSync(file)).length;
}

function sizeOf(relative) {
  const file = path.join(dist, relative);
  return {
    raw: fs.statSync(file).size,
    gzip: compressedSize(file, 'gz', (bytes) => zlib.gzipSync(bytes, { level: 9 })),
    br: compressedSize(file, 'br', (bytes) =>
      zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    ),
  };
}

function main() {
  if (!fs.existsSync(manifestPath)) {
    console.error(`No ${path.relative(process.cwd(), manifestPath)}: build the web app first (npm run build).`);
    return 1;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const budget = JSON.parse(fs.readFileSync(path.join(web, 'bundle-budget.json'), 'utf8'));
  // Which source modules each chunk holds, written by the build (first-screen-chunks.ts).
  const chunkModulesPath = path.join(dist, '.vite', 'chunk-modules.json');
  const chunkModules = fs.existsSync(chunkModulesPath) ? JSON.parse(fs.readFileSync(chunkModulesPath, 'utf8')) : {};
  const report = checkBudgets(manifest, budget, sizeOf, chunkModules);
  console.log(`First-load JavaScript per route (budget counts ${report.encoding === 'br' ? 'brotli' : 'gzip'}; 1 kB = 1000 bytes)\n`);
  console.log(formatReport(report));
  if (!report.ok) console.error('\nThe web app is over its first-load budget (apps/web/bundle-budget.json).');
  return report.ok ? 0 : 1;
}

process.exitCode = main();
