#!/usr/bin/env node
// Renders every kustomization an operator applies (both overlays and the create-admin Job)
// with `kubectl kustomize` (offline, no cluster needed), validates each object against
// the Kubernetes schemas (kubernetes-models), and checks the rules our manifests promise:
// the restricted Pod Security Standard, probes, memory limits, pinned images, no Secret
// and no credential in a ConfigMap, TLS on the Ingress. Exits 1 listing every problem.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KUSTOMIZATIONS = ['k8s/overlays/dev', 'k8s/overlays/prod', 'k8s/jobs/create-admin'];
const CREDENTIAL_KEY = /PASSWORD|SECRET|PRIVATE|TOKEN|SMTP_URL|DATABASE_URL|JWT_/i;
const CREDENTIAL_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@/;

/** kubernetes-models' module for an apiVersion and kind: apps/v1 + Deployment -> apps/v1/Deployment. */
async function modelFor(apiVersion, kind) {
  const path = apiVersion.includes('/') ? `${apiVersion}/${kind}` : `${apiVersion}/${kind}`;
  try {
    const module = await import(`kubernetes-models/${path}`);
    return module[kind];
  } catch {
    return null;
  }
}

function podTemplate(object) {
  if (object.kind === 'Deployment') return object.spec?.template?.spec;
  if (object.kind === 'Job') return object.spec?.template?.spec;
  return null;
}

function checkPod(name, kind, pod, problems) {
  const context = pod.securityContext ?? {};
  if (context.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot must be true`);
  if (!Number.isInteger(context.runAsUser) || context.runAsUser === 0) problems.push(`${name}: runAsUser must be a numeric non-root user`);
  if (context.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${name}: seccompProfile must be RuntimeDefault`);
  for (const container of pod.containers ?? []) {
    const where = `${name}/${container.name}`;
    const security = container.securityContext ?? {};
    if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation must be false`);
    if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem must be true`);
    if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: every capability must be dropped`);
    if (!container.resources?.limits?.memory) problems.push(`${where}: needs a memory limit`);
    const tag = container.image?.split('/').pop()?.split(':')[1];
    if (!tag || tag === 'latest') problems.push(`${where}: image ${container.image} must be pinned to a tag (kustomization images:)`);
    if (kind === 'Deployment' && (!container.livenessProbe || !container.readinessProbe)) problems.push(`${where}: needs liveness and readiness probes`);
    if (kind === 'Deployment' && !container.lifecycle?.preStop) problems.push(`${where}: needs a preStop delay`);
  }
}

const problems = [];
let objects = 0;
for (const kustomization of KUSTOMIZATIONS) {
  let rendered;
  try {
    rendered = execFileSync('kubectl', ['kustomize', join(root, kustomization)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    problems.push(`${kustomization}: does not render: ${error.stderr || error.message}`);
    continue;
  }
  for (const document of parseAllDocuments(rendered)) {
    if (document.errors.length > 0) {
      problems.push(`${kustomization}: invalid YAML: ${document.errors[0].message}`);
      continue;
    }
    const object = document.toJS();
    if (!object) continue;
    objects += 1;
    const name = `${kustomization}: ${object.kind}/${object.metadata?.name}`;
    const Model = await modelFor(object.apiVersion, object.kind);
    if (!Model) {
      problems.push(`${name}: unknown apiVersion/kind ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${name}: ${error.message}`);
    }
    if (object.kind === 'Secret') problems.push(`${name}: Secrets are created outside the repository, never applied from it`);
    if (object.kind === 'ConfigMap') {
      for (const [key, value] of Object.entries(object.data ?? {})) {
        if (CREDENTIAL_KEY.test(key) || CREDENTIAL_VALUE.test(String(value))) problems.push(`${name}: ${key} looks like a credential; it belongs in a Secret`);
      }
    }
    if (object.kind === 'Ingress' && (!object.spec?.ingressClassName || !(object.spec?.tls ?? []).length)) problems.push(`${name}: needs an ingressClassName and TLS`);
    const pod = podTemplate(object);
    if (pod) checkPod(name, object.kind, pod, problems);
  }
}

if (problems.length > 0) {
  console.error(`Kubernetes manifests: ${problems.length} problem(s)\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Kubernetes manifests: ${KUSTOMIZATIONS.length} kustomizations, ${objects} objects rendered and valid.`);
