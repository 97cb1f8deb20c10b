#!/usr/bin/env node
// node scripts/prune-app.js <app> [--out <dir>]   (after `npm run build`)
//
// Everything one app's image needs, and nothing else: the app's built JavaScript, the
// workspace libs it uses (built), and only the npm packages those need at run time (their
// production closure, copied from this workspace's node_modules exactly as the lockfile
// pinned them), with a package.json and a package-lock.json cut down to the same set, so
// `npm ls --omit=dev` (or `npm ci --omit=dev`) in the directory agrees with it. The
// Dockerfile (deploy/Dockerfile) copies the result as the image's only content.
//
// Layout of <dir> (default tmp/images/<app>), the workspace's own, so paths such as
// apps/identity/dist/cli/create-admin.js stay what the manifests run:
//   main.js -> apps/<app>/dist/main.js   healthcheck.js (the image's HEALTHCHECK)
//   apps/<app>/  libs/<lib>/  (package.json + dist/**/*.js; no types, maps or tests)
//   apps/web/dist/  (the gateway only: the web app it serves)
//   node_modules/   package.json   package-lock.json
// Prints the sizes, and writes them to <dir>/prune-report.json.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const root = path.resolve(__dirname, '..');

/** What each app's HEALTHCHECK asks: its own liveness endpoint, never its dependencies. */
const LIVENESS = {
  gateway: { portVariable: 'PORT', defaultPort: 3000, path: '/health' },
  default: { portVariable: 'HEALTH_PORT', defaultPort: 9464, path: '/health/live' },
};

/**
 * Packages a framework loads by name, which the app's code only imports as types (so no
 * require of them is emitted). None today: the gateway hands NestFactory.create its
 * Fastify adapter itself, so @nestjs/platform-fastify is an ordinary require.
 */
const LOADED_BY_NAME = { gateway: [] };

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function filesUnder(directory, keep) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter(keep);
}

/** Emitted JavaScript only: declarations, source maps and build info stay out of images. */
const isRuntimeJs = (file) => file.endsWith('.js') && !file.endsWith('.d.js');

/** Package names a built file requires (tsc emits CommonJS: require("x"), dynamic imports included). */
function requiredPackages(file) {
  const names = new Set();
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["']([^"'./][^"']*)["']\s*\)/g)) {
    if (builtins.has(specifier)) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

function sizeOf(target) {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.isSymbolicLink() ? 0 : stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The workspace projects (app + libs) the app runs with, and the npm packages their code
 * requires. A lib counts when declared in a package.json or required by built code.
 */
function workspaceClosure(app) {
  const projects = new Map(); // package name -> directory relative to root
  const external = new Map(); // npm package -> { requiredBy: project directory, range: a project's own version range }
  const pending = [path.join('apps', app)];
  for (const name of LOADED_BY_NAME[app] ?? []) external.set(name, { requiredBy: path.join('apps', app) });
  while (pending.length) {
    const directory = pending.pop();
    const manifest = readJson(path.join(root, directory, 'package.json'));
    if (projects.has(manifest.name)) continue;
    projects.set(manifest.name, directory);
    const dist = path.join(root, directory, 'dist');
    if (!fs.existsSync(dist)) throw new Error(`${directory} is not built: run npm run build first`);
    const declared = manifest.dependencies ?? {};
    const used = new Set(Object.keys(declared));
    for (const file of filesUnder(dist, isRuntimeJs)) requiredPackages(file).forEach((name) => used.add(name));
    for (const name of used) {
      if (name.startsWith('@portal/')) pending.push(path.join('libs', name.slice('@portal/'.length)));
      else if (!external.get(name)?.range) external.set(name, { requiredBy: directory, range: declared[name] ?? external.get(name)?.range });
    }
  }
  return { projects, external };
}

/** Where npm's resolution finds `name` from the package installed at `from` (a lockfile key). */
function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

/** The lockfile entries of the packages' production closure (dependencies, optional and peer). */
function packageClosure(lock, roots) {
  const { packages } = lock;
  const chosen = new Set();
  const pending = roots.map(({ name, from }) => ({ name, from, optional: false }));
  while (pending.length) {
    const { name, from, optional } = pending.pop();
    const key = resolveInLock(packages, from, name);
    if (!key || !fs.existsSync(path.join(root, key))) {
      // Another platform's optional binary, or an optional peer nobody installed.
      if (optional) continue;
      throw new Error(`${name} (needed by ${from || 'the app'}) is not installed: run npm install`);
    }
    if (chosen.has(key)) continue;
    const entry = packages[key];
    if (entry.dev && !entry.optional && !entry.peer) {
      throw new Error(`${name} is a devDependency, but ${from || 'the app'} needs it at run time: move it to dependencies`);
    }
    chosen.add(key);
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    for (const dependency of Object.keys(entry.dependencies ?? {})) pending.push({ name: dependency, from: key, optional: false });
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) pending.push({ name: dependency, from: key, optional: true });
    // An optional peer (Nest's transports, TypeORM's other drivers) comes only if the app requires it itself.
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) {
      if (!optionalPeers[dependency]?.optional) pending.push({ name: dependency, from: key, optional: false });
    }
  }
  return chosen;
}

function healthcheckScript(app) {
  const { portVariable, defaultPort, path: probePath } = LIVENESS[app] ?? LIVENESS.default;
  return [
    `// The ${app} image's HEALTHCHECK: its own liveness endpoint (${probePath} on ${portVariable}), never its dependencies.`,
    `const port = process.env.${portVariable} || ${defaultPort};`,
    `fetch(\`http://127.0.0.1:\${port}${probePath}\`, { signal: AbortSignal.timeout(3000) })`,
    '  .then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1));',
    '',
  ].join('\n');
}

function prune(app, out) {
  if (!fs.existsSync(path.join(root, 'apps', app, 'package.json')) || app === 'web' || app.endsWith('-e2e')) {
    throw new Error(`${app} is not a service or the gateway`);
  }
  if (!fs.existsSync(path.join(root, 'apps', app, 'dist', 'main.js'))) throw new Error(`apps/${app} is not built: run npm run build first`);
  const rootManifest = readJson(path.join(root, 'package.json'));
  const lock = readJson(path.join(root, 'package-lock.json'));
  const { projects, external } = workspaceClosure(app);

  const dependencies = {};
  const undeclared = [];
  for (const [name, { requiredBy, range: ownRange }] of external) {
    // A project's own declaration (the gateway's pdfkit), else the workspace's.
    let range = ownRange ?? rootManifest.dependencies?.[name];
    if (!range) {
      // Required but declared nowhere: there only as another package's dependency.
      // Pinned to what is installed, and reported.
      const installed = lock.packages[`node_modules/${name}`];
      if (!installed || installed.dev) {
        const where = rootManifest.devDependencies?.[name] ? 'a devDependency' : 'no production dependency';
        throw new Error(`${requiredBy} requires ${name} at run time, but it is ${where}: add it to dependencies`);
      }
      range = installed.version;
      undeclared.push(`${name}@${range} (${requiredBy})`);
    }
    dependencies[name] = range;
  }
  // Resolved from the project that requires it: a version nested under a workspace
  // (apps/ledger/node_modules/lru-cache) wins over another one hoisted for the tooling.
  const closure = packageClosure(lock, Object.keys(dependencies).map((name) => ({ name, from: external.get(name)?.requiredBy ?? '' })));

  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const workspaces = [...projects.values()].sort();
  for (const directory of workspaces) {
    const manifest = readJson(path.join(root, directory, 'package.json'));
    for (const file of filesUnder(path.join(root, directory, 'dist'), isRuntimeJs)) {
      const target = path.join(out, path.relative(root, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
    }
    fs.writeFileSync(path.join(out, directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // As npm links a workspace: node_modules/@portal/<name> -> its directory.
    const link = path.join(out, 'node_modules', manifest.name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.relative(path.dirname(link), path.join(out, directory)), link);
  }
  for (const key of closure) {
    // Nested node_modules are entries of their own, copied only if in the closure.
    fs.cpSync(path.join(root, key), path.join(out, key), {
      recursive: true,
      filter: (source) => !/[\\/]node_modules$/.test(path.relative(path.join(root, key), source)) && path.basename(source) !== 'node_modules',
    });
  }
  if (app === 'gateway') {
    const web = path.join(root, 'apps', 'web', 'dist');
    if (!fs.existsSync(path.join(web, 'index.html'))) throw new Error('apps/web is not built: run npm run build first');
    // Source maps included: the gateway serves them only when SOURCE_MAPS_ENABLED is true.
    fs.cpSync(web, path.join(out, 'apps', 'web', 'dist'), { recursive: true, filter: (source) => !source.includes(`${path.sep}.vite`) });
  }

  const name = `@portal/${app}-image`;
  const manifest = { name, version: rootManifest.version, private: true, workspaces, dependencies: Object.fromEntries(Object.entries(dependencies).sort()) };
  fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const packages = { '': { name, version: manifest.version, workspaces, dependencies: manifest.dependencies } };
  const projectLinks = new Set([...projects.keys()].map((project) => `node_modules/${project}`));
  for (const key of [...closure, ...workspaces, ...projectLinks].sort()) packages[key] = lock.packages[key];
  fs.writeFileSync(path.join(out, 'package-lock.json'), `${JSON.stringify({ name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  fs.writeFileSync(path.join(out, 'healthcheck.js'), healthcheckScript(app));
  fs.symlinkSync(path.join('apps', app, 'dist', 'main.js'), path.join(out, 'main.js'));

  const report = {
    app,
    workspaces,
    undeclared,
    packages: closure.size,
    appMiB: mib(workspaces.reduce((sum, directory) => sum + sizeOf(path.join(out, directory)), 0) + (app === 'gateway' ? sizeOf(path.join(out, 'apps', 'web')) : 0)),
    nodeModulesMiB: mib(sizeOf(path.join(out, 'node_modules'))),
    totalMiB: mib(sizeOf(out)),
  };
  fs.writeFileSync(path.join(out, 'prune-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

module.exports = { prune };

if (require.main === module) {
  const [app, flag, directory] = process.argv.slice(2);
  if (!app || (flag && flag !== '--out') || (flag && !directory)) {
    console.error('usage: node scripts/prune-app.js <app> [--out <dir>]');
    process.exit(2);
  }
  try {
    const report = prune(app, path.resolve(directory ?? path.join(root, 'tmp', 'images', app)));
    console.log(`${app}: ${report.workspaces.join(', ')}; ${report.packages} npm packages; app ${report.appMiB} MiB + node_modules ${report.nodeModulesMiB} MiB = ${report.totalMiB} MiB`);
    if (report.undeclared.length) console.warn(`${app}: required but declared in no package.json (add them): ${report.undeclared.join(', ')}`);
  } catch (error) {
    console.error(`prune-app: ${error.message}`);
    process.exit(1);
  }
}
