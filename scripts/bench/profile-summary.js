// Summarises a .cpuprofile: self time by package (node_modules/<package>, node:internal,
// the app's own code, GC, idle) and the heaviest functions by self time.
//   node scripts/bench/profile-summary.js <file.cpuprofile> [top]
//   node scripts/bench/profile-summary.js <file.cpuprofile> --callers <function name> [depth]
//   node scripts/bench/profile-summary.js <file.cpuprofile> --inclusive <name or path/> ...
// (the second form: where the self time of a function comes from, as caller chains; the
// third: the share of busy time spent inside frames of that name or under that path)
'use strict';
const fs = require('node:fs');

function bucketOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)' || functionName === '(idle)' || functionName === '(program)') return functionName;
    return '(native)';
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0] === 'internal' ? 'internal/' + url.slice(5).split('/')[1] : url.slice(5)}`;
  const own = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url;
}

function summarise(file, top = 25) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) || 0) + 1);
  const total = profile.samples.length;
  const busy = total - [...selfSamples].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((sum, [, n]) => sum + n, 0);
  const buckets = new Map();
  const functions = new Map();
  for (const [id, samples] of selfSamples) {
    const node = byId.get(id);
    const bucket = bucketOf(node);
    buckets.set(bucket, (buckets.get(bucket) || 0) + samples);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|libs)\//, '$1/') : ''}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) || 0) + samples);
  }
  const pct = (n, of) => ((100 * n) / of).toFixed(1).padStart(5) + '%';
  const durationS = (profile.endTime - profile.startTime) / 1e6;
  console.log(`${file}: ${durationS.toFixed(1)} s, ${total} samples, busy ${pct(busy, total)} of the main thread`);
  console.log('\nself time by package (share of busy time):');
  for (const [bucket, samples] of [...buckets].filter(([b]) => b !== '(idle)').sort((a, b) => b[1] - a[1])) console.log(`  ${pct(samples, busy)}  ${bucket}`);
  console.log(`\ntop ${top} functions by self time (share of busy time):`);
  for (const [key, samples] of [...functions].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(samples, busy)}  ${key}`);
}

function callers(file, name, depth = 8) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children || []) parent.set(child, node.id);
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) || 0) + 1);
  const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|libs)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
  const chains = new Map();
  let total = 0;
  for (const [id, samples] of selfSamples) {
    const node = byId.get(id);
    if (node.callFrame.functionName !== name) continue;
    total += samples;
    const chain = [];
    for (let at = parent.get(id); at !== undefined && chain.length < depth; at = parent.get(at)) chain.push(label(byId.get(at)));
    const key = chain.join('\n      <- ');
    chains.set(key, (chains.get(key) || 0) + samples);
  }
  console.log(`${name}: ${total} samples of ${profile.samples.length}`);
  for (const [chain, samples] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`\n  ${samples} samples:\n      <- ${chain}`);
}

/** Share of busy samples whose stack passes through a frame matching each pattern (name or file), e.g. "authenticate", "express/". */
function inclusive(file, patterns) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children || []) parent.set(child, node.id);
  const counts = new Map(patterns.map((pattern) => [pattern, 0]));
  let busy = 0;
  const memo = new Map();
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    busy++;
    let matched = memo.get(id);
    if (!matched) {
      matched = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const { functionName, url } = byId.get(at).callFrame;
        for (const pattern of patterns) if (functionName === pattern || (pattern.includes('/') && url.includes(pattern))) matched.add(pattern);
      }
      memo.set(id, matched);
    }
    for (const pattern of matched) counts.set(pattern, counts.get(pattern) + 1);
  }
  for (const [pattern, n] of counts) console.log(`  ${((100 * n) / busy).toFixed(1).padStart(5)}%  ${pattern}`);
}

if (process.argv[3] === '--inclusive') inclusive(process.argv[2], process.argv.slice(4));
else if (process.argv[3] === '--callers') callers(process.argv[2], process.argv[4], Number(process.argv[5] || 8));
else summarise(process.argv[2], Number(process.argv[3] || 25));
