'use strict';
/**
 * The first-load budget's arithmetic, kept free of file access so it can be tested: from
 * Vite's build manifest, which JavaScript files a first visit to a route downloads before
 * its page shows, and whether their compressed size fits the route's budget.
 * scripts/check-web-budget.js reads the files and prints the report.
 */

/** The manifest key of index.html's script: the chunk every visit loads. */
function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0];
}

/** The chunks for `keys` and everything they import statically, transitively: all fetched before they run. */
function withStaticImports(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/**
 * The manifest key of the chunk that holds `module`: its own chunk, or (for a page that a
 * screen's chunk holds, see first-screen-chunks.ts) the chunk whose module list names it.
 */
function keyOf(manifest, chunkModules, module) {
  if (manifest[module]) return module;
  return Object.keys(manifest).find((key) => (chunkModules[manifest[key].file] ?? []).includes(module));
}

/**
 * A route's initial JavaScript: the entry chunk and its static imports, plus the chunk of
 * each of the route's page modules and their static imports. A module that is in no chunk
 * (renamed, moved, or no longer lazily loaded) is reported as missing rather than ignored.
 */
function routeChunks(manifest, modules, chunkModules = {}) {
  const found = modules.map((module) => keyOf(manifest, chunkModules, module));
  const missing = modules.filter((_, index) => !found[index]);
  const keys = withStaticImports(manifest, [entryKey(manifest), ...found.filter(Boolean)]);
  return { keys, files: keys.map((key) => manifest[key].file), missing };
}

/** The source modules a chunk holds: its own, and those the build's chunk list names. */
const modulesOf = (manifest, chunkModules, key) => [...new Set([manifest[key].src ?? key, ...(chunkModules[manifest[key].file] ?? [])])];

/**
 * Checks every route of `budget` ({ compression, routes: [{ route, modules, maxKb, maxFiles?, excludes? }] }).
 * `sizeOf(file)` gives a built file's sizes in bytes: { raw, gzip, br }. kB are 1000 bytes.
 * `chunkModules` ({ file: [source modules] }) is the build's chunk list, where it wrote one.
 */
function checkBudgets(manifest, budget, sizeOf, chunkModules = {}) {
  const encoding = budget.compression ?? 'gzip';
  if (encoding !== 'gzip' && encoding !== 'br') throw new Error(`unknown compression "${encoding}": use "br" or "gzip"`);
  const rows = budget.routes.map(({ route, modules, maxKb, maxFiles, excludes = [] }) => {
    const { keys, files, missing } = routeChunks(manifest, modules, chunkModules);
    const sizes = files.map(sizeOf);
    const total = (kind) => sizes.reduce((sum, size) => sum + size[kind], 0) / 1000;
    const forbidden = keys.flatMap((key) =>
      modulesOf(manifest, chunkModules, key)
        .filter((module) => excludes.some((prefix) => module.startsWith(prefix)))
        .map((module) => (module === (manifest[key].src ?? key) ? module : `${module} (in ${manifest[key].file})`)),
    );
    const kb = { raw: total('raw'), gzip: total('gzip'), br: total('br') };
    const problems = [
      ...missing.map((module) => `${module} is not in any chunk of the manifest (renamed, moved or no longer lazily loaded?)`),
      ...forbidden.map((module) => `loads ${module}, which this route must not load`),
      ...(kb[encoding] > maxKb ? [`${kb[encoding].toFixed(1)} kB ${encoding} is over the budget of ${maxKb} kB`] : []),
      ...(maxFiles !== undefined && files.length > maxFiles ? [`${files.length} files are over the limit of ${maxFiles}: each is a round trip on a slow network`] : []),
    ];
    return { route, files, kb, maxKb, problems, ok: problems.length === 0 };
  });
  return { encoding, rows, ok: rows.every((row) => row.ok) };
}

/** The report as a small table, then one line per problem. */
function formatReport({ encoding, rows }) {
  const header = ['route', 'files', 'raw kB', 'gzip kB', 'brotli kB', `budget kB (${encoding})`, 'result'];
  const lines = rows.map((row) => [
    row.route,
    String(row.files.length),
    row.kb.raw.toFixed(1),
    row.kb.gzip.toFixed(1),
    row.kb.br.toFixed(1),
    String(row.maxKb),
    row.ok ? 'OK' : 'OVER',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  const problems = rows.flatMap((row) => row.problems.map((problem) => `${row.route}: ${problem}`));
  return [format(header), ...lines.map(format), ...problems].join('\n');
}

module.exports = { entryKey, routeChunks, checkBudgets, formatReport };
