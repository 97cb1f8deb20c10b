#!/usr/bin/env node
// Renders every kustomization an operator applies (both overlays and their create-admin
// and migrate Jobs) with `kubectl kustomize` (offline, no cluster needed), reads the examples under
// k8s/examples, validates each object against the Kubernetes schemas (kubernetes-models and
// the Prometheus Operator and External Secrets models) strictly: an unknown field (a
// misspelt `readinessProb`) is an error, as the API server's strict field validation makes
// it. Then checks the rules our manifests promise: the restricted Pod Security Standard,
// probes, memory limits, pinned images, no Secret and no credential in a ConfigMap, TLS on
// the Ingress, no replicas where an autoscaler owns the count, the alerts the same as
// deploy/monitoring's, an overlay's Jobs on its Deployments' release. Exits 1 listing every problem.
//   node scripts/check-k8s.mjs                 the repository's manifests
//   node scripts/check-k8s.mjs a.yaml b.yaml   these files only (the checker's own spec)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parse, parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KUSTOMIZATIONS = ['k8s/overlays/dev', 'k8s/overlays/prod', 'k8s/overlays/dev/create-admin', 'k8s/overlays/prod/create-admin', 'k8s/overlays/dev/migrate', 'k8s/overlays/prod/migrate'];
const EXAMPLES = 'k8s/examples';
const ALERT_RULES = 'deploy/monitoring/alert-rules.yaml';
const CREDENTIAL_KEY = /PASSWORD|SECRET|PRIVATE|TOKEN|SMTP_URL|DATABASE_URL|JWT_/i;
const CREDENTIAL_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@/;
/** API versions the models still describe but the operators no longer serve. */
const NO_LONGER_SERVED = new Set(['external-secrets.io/v1alpha1', 'external-secrets.io/v1beta1']);

/** The package whose models describe an API group. */
function modelPackage(apiVersion) {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  if (group === 'monitoring.coreos.com') return '@kubernetes-models/prometheus-operator';
  if (group.endsWith('external-secrets.io')) return '@kubernetes-models/external-secrets';
  return 'kubernetes-models';
}

/** The model (runtime validation: types, formats, required fields) for an apiVersion and kind. */
async function modelFor(apiVersion, kind) {
  try {
    const module = await import(`${modelPackage(apiVersion)}/${apiVersion}/${kind}`);
    return module[kind] ?? null;
  } catch {
    return null;
  }
}

/**
 * The models' runtime validators accept properties their schemas do not name, so unknown
 * fields are found from the models' TypeScript declarations instead: one program that
 * imports each kind's interface, whose properties are walked beside the object's.
 */
function declaredTypes(kinds) {
  const entry = join(root, 'scripts', '__k8s-kinds__.ts');
  const source = kinds.map(({ apiVersion, kind }, index) => `import type { I${kind} as T${index} } from '${modelPackage(apiVersion)}/${apiVersion}/${kind}';\nexport type K${index} = T${index};`).join('\n');
  const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, strict: true, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (file, language, ...rest) => (file === entry ? ts.createSourceFile(file, source, language, true) : getSourceFile(file, language, ...rest));
  host.fileExists = (file) => file === entry || fileExists(file);
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const aliases = program.getSourceFile(entry).statements.filter(ts.isTypeAliasDeclaration);
  return { checker, types: aliases.map((alias) => checker.getTypeAtLocation(alias.name)) };
}

function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Reports every field of `value` that its declared type does not name, at any depth. */
function unknownFields(checker, value, type, path, problems) {
  if (value === null || typeof value !== 'object') return;
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  const members = (type.isUnion() ? type.types : [type]).filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
  if (Array.isArray(value)) {
    const elements = members.filter((member) => checker.isArrayType(member)).map((member) => checker.getTypeArguments(member)[0]);
    // Not an array where one is declared: the model's validation reports the type.
    if (elements.length === 0) return;
    const element = elements.length === 1 ? elements[0] : checker.getUnionType(elements);
    value.forEach((item, index) => unknownFields(checker, item, element, `${path}[${index}]`, problems));
    return;
  }
  const shapes = members.filter((member) => member.flags & ts.TypeFlags.Object && !checker.isArrayType(member));
  if (shapes.length === 0) return;
  const mapValue = shapes.map((shape) => checker.getIndexTypeOfType(shape, ts.IndexKind.String)).find(Boolean);
  // An object type naming no property and no index signature: free-form (preserve-unknown-fields).
  const freeForm = !mapValue && shapes.every((shape) => shape.getProperties().length === 0);
  for (const [key, field] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    const property = shapes.map((shape) => shape.getProperty(key)).find(Boolean);
    if (property) {
      unknownFields(checker, field, checker.getTypeOfSymbol(property), where, problems);
    } else if (mapValue) {
      unknownFields(checker, field, mapValue, where, problems);
    } else if (!freeForm) {
      const known = shapes.flatMap((shape) => shape.getProperties().map((symbol) => symbol.name));
      const near = known.filter((name) => editDistance(name.toLowerCase(), key.toLowerCase()) <= 2);
      problems.push(`unknown field ${where}${near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : ''}`);
    }
  }
}

function podTemplate(object) {
  if (object.kind === 'Deployment') return object.spec?.template?.spec;
  if (object.kind === 'Job') return object.spec?.template?.spec;
  return null;
}

function containersOf(object) {
  const pod = podTemplate(object);
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

/** An image reference without its tag or digest: the repository, as `images:` names it. */
const repository = (image) => image.replace(/@.*$/, '').replace(/:[^:/]+$/, '');

/**
 * A Job of an overlay (k8s/overlays/<env>/<job>) runs the images its Deployments run: a
 * migration Job left on the old tag would migrate to the old release, and the new pods
 * would start (DATABASE_MIGRATIONS=skip) on a schema missing their migrations.
 */
function checkSameRelease(sets, problems) {
  const rendered = new Map(sets.filter((set) => set.rendered).map((set) => [set.source, set.objects]));
  for (const [source, objects] of rendered) {
    const deployments = rendered.get(dirname(source));
    if (!deployments || !KUSTOMIZATIONS.includes(dirname(source))) continue;
    const released = new Map(deployments.filter((object) => object.kind === 'Deployment').flatMap((object) => containersOf(object).map((container) => [repository(container.image ?? ''), container.image])));
    for (const object of objects.filter((candidate) => candidate.kind === 'Job')) {
      for (const container of containersOf(object)) {
        const expected = released.get(repository(container.image ?? ''));
        if (expected && expected !== container.image) {
          problems.push(`${source}: Job/${object.metadata?.name}/${container.name}: runs ${container.image} while ${dirname(source)} deploys ${expected} (pin the same tag in both kustomizations)`);
        }
      }
    }
  }
}

function checkPod(name, kind, pod, problems) {
  const context = pod.securityContext ?? {};
  if (context.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot must be true`);
  if (!Number.isInteger(context.runAsUser) || context.runAsUser === 0) problems.push(`${name}: runAsUser must be a numeric non-root user`);
  if (context.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${name}: seccompProfile must be RuntimeDefault`);
  // Init containers (the migration Job's) run under the same rules; probes are for the serving ones.
  for (const container of pod.initContainers ?? []) checkContainer(name, kind, container, false, problems);
  for (const container of pod.containers ?? []) checkContainer(name, kind, container, true, problems);
}

function checkContainer(name, kind, container, serving, problems) {
  const where = `${name}/${container.name}`;
  const security = container.securityContext ?? {};
  if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation must be false`);
  if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem must be true`);
  if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: every capability must be dropped`);
  if (!container.resources?.limits?.memory) problems.push(`${where}: needs a memory limit`);
  const tag = container.image?.split('/').pop()?.split(':')[1];
  if (!tag || tag === 'latest') problems.push(`${where}: image ${container.image} must be pinned to a tag (kustomization images:)`);
  if (kind === 'Deployment' && serving && (!container.livenessProbe || !container.readinessProbe)) problems.push(`${where}: needs liveness and readiness probes`);
  if (kind === 'Deployment' && serving && !container.lifecycle?.preStop) problems.push(`${where}: needs a preStop delay`);
  // Every service serves /metrics on its operations port: the PodMonitors scrape it by name.
  if (kind === 'Deployment' && serving && !(container.ports ?? []).some((port) => port.containerPort === 9464 && ['metrics', 'health'].includes(port.name))) {
    problems.push(`${where}: must declare its metrics port (9464, named metrics or health)`);
  }
}

/** Checks one set of objects (a rendering or a file) together, so references can be followed. */
function checkTogether(source, objects, rendered, problems) {
  const byKind = (kind) => objects.filter((object) => object.kind === kind);
  const scaled = new Set(byKind('HorizontalPodAutoscaler').map((hpa) => `${hpa.spec?.scaleTargetRef?.kind}/${hpa.spec?.scaleTargetRef?.name}`));
  for (const deployment of byKind('Deployment')) {
    if (scaled.has(`Deployment/${deployment.metadata?.name}`) && deployment.spec?.replicas !== undefined) {
      problems.push(`${source}: Deployment/${deployment.metadata?.name}: sets replicas while a HorizontalPodAutoscaler owns the count (every apply resets it)`);
    }
  }
  // A kustomization generates the ConfigMap its pods read (a hashed name); a lone file need not.
  if (!rendered) return;
  const configMaps = new Set(byKind('ConfigMap').map((configMap) => configMap.metadata?.name));
  for (const object of objects) {
    for (const container of containersOf(object)) {
      for (const from of container.envFrom ?? []) {
        const name = from.configMapRef?.name;
        if (name && !configMaps.has(name)) problems.push(`${source}: ${object.kind}/${object.metadata?.name}: reads ConfigMap ${name}, which this kustomization does not generate`);
      }
    }
  }
}

/** JSON with every object's keys sorted (kustomize sorts them when it renders). */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
}

/** The PrometheusRule's group carries deploy/monitoring's alerts unchanged. */
function checkAlertsMatch(source, rule, problems) {
  const file = parse(readFileSync(join(root, ALERT_RULES), 'utf8'));
  for (const group of file.groups ?? []) {
    const shipped = (rule.spec?.groups ?? []).find((candidate) => candidate.name === group.name);
    if (JSON.stringify(canonical(shipped?.rules)) !== JSON.stringify(canonical(group.rules))) {
      problems.push(`${source}: PrometheusRule/${rule.metadata?.name}: group ${group.name} differs from ${ALERT_RULES} (copy the group over)`);
    }
  }
}

/** Every object to check, with where it came from: rendered kustomizations, then files. */
function collect(files, problems) {
  const sets = [];
  const read = (source, text) => {
    const objects = [];
    for (const document of parseAllDocuments(text)) {
      if (document.errors.length > 0) {
        problems.push(`${source}: invalid YAML: ${document.errors[0].message}`);
        continue;
      }
      const object = document.toJS();
      if (object) objects.push(object);
    }
    sets.push({ source, objects, rendered: !files });
  };
  if (files) {
    for (const file of files) read(relative(root, resolve(file)), readFileSync(file, 'utf8'));
    return sets;
  }
  for (const kustomization of KUSTOMIZATIONS) {
    try {
      read(kustomization, execFileSync('kubectl', ['kustomize', join(root, kustomization)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    } catch (error) {
      problems.push(`${kustomization}: does not render: ${error.stderr || error.message}`);
    }
  }
  for (const file of readdirSync(join(root, EXAMPLES)).filter((name) => /\.ya?ml$/.test(name)).sort()) {
    const path = join(EXAMPLES, file);
    read(path, readFileSync(join(root, path), 'utf8'));
  }
  return sets;
}

const files = process.argv.slice(2);
const problems = [];
const sets = collect(files.length > 0 ? files : null, problems);
const all = sets.flatMap(({ source, objects }) => objects.map((object) => ({ source, object })));

const kinds = [];
const models = new Map();
for (const { object } of all) {
  const key = `${object.apiVersion} ${object.kind}`;
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string' || models.has(key)) continue;
  const Model = await modelFor(object.apiVersion, object.kind);
  models.set(key, Model ? { Model, index: kinds.length } : null);
  if (Model) kinds.push({ apiVersion: object.apiVersion, kind: object.kind });
}
const { checker, types } = declaredTypes(kinds);

for (const { source, object } of all) {
  const name = `${source}: ${object.kind}/${object.metadata?.name}`;
  if (NO_LONGER_SERVED.has(object.apiVersion)) problems.push(`${name}: ${object.apiVersion} is no longer served; use the current version`);
  const model = models.get(`${object.apiVersion} ${object.kind}`);
  if (!model) {
    problems.push(`${name}: unknown apiVersion/kind ${object.apiVersion} ${object.kind}`);
    continue;
  }
  try {
    new model.Model(object).validate();
  } catch (error) {
    problems.push(`${name}: ${error.message}`);
  }
  const unknown = [];
  unknownFields(checker, object, types[model.index], '', unknown);
  problems.push(...unknown.map((problem) => `${name}: ${problem}`));
  if (object.kind === 'Secret') problems.push(`${name}: Secrets are created outside the repository, never applied from it`);
  if (object.kind === 'ConfigMap') {
    for (const [key, value] of Object.entries(object.data ?? {})) {
      if (CREDENTIAL_KEY.test(key) || CREDENTIAL_VALUE.test(String(value))) problems.push(`${name}: ${key} looks like a credential; it belongs in a Secret`);
    }
  }
  if (object.kind === 'Ingress' && (!object.spec?.ingressClassName || !(object.spec?.tls ?? []).length)) problems.push(`${name}: needs an ingressClassName and TLS`);
  if (object.kind === 'PrometheusRule' && object.metadata?.name === 'investment-portal') checkAlertsMatch(source, object, problems);
  const pod = podTemplate(object);
  if (pod) checkPod(name, object.kind, pod, problems);
}
for (const { source, objects, rendered } of sets) checkTogether(source, objects, rendered, problems);
checkSameRelease(sets, problems);

if (problems.length > 0) {
  console.error(`Kubernetes manifests: ${problems.length} problem(s)\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Kubernetes manifests: ${sets.length} kustomizations and files, ${all.length} objects valid (unknown fields refused).`);
