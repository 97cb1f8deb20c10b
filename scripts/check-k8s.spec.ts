import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** A Deployment that meets every rule of the checker. */
const deployment = (container: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'sample' },
  spec: {
    selector: { matchLabels: { app: 'sample' } },
    template: {
      metadata: { labels: { app: 'sample' } },
      spec: {
        securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
        containers: [
          {
            name: 'sample',
            image: 'registry.example.com/sample:1.0.0',
            ports: [{ containerPort: 9464, name: 'health' }],
            securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
            livenessProbe: { httpGet: { path: '/health/live', port: 'health' } },
            readinessProbe: { httpGet: { path: '/health/ready', port: 'health' } },
            lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
            resources: { limits: { memory: '128Mi' } },
            ...container,
          },
        ],
      },
    },
  },
  ...extra,
});

/** Runs `npm run check:k8s`'s script on the given files, each given as its objects (documents). */
function check(...files: object[][]): { status: number | null; output: string } {
  const directory = mkdtempSync(join(tmpdir(), 'check-k8s-'));
  try {
    const paths = files.map((objects, index) => {
      const path = join(directory, `manifest-${index}.yaml`);
      writeFileSync(path, objects.map((object) => JSON.stringify(object)).join('\n---\n')); // JSON is YAML
      return path;
    });
    const run = spawnSync(process.execPath, [join(root, 'scripts/check-k8s.mjs'), ...paths], { cwd: root, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('the Kubernetes manifest check (scripts/check-k8s.mjs)', () => {
  it('accepts an object that names only fields its schema knows', () => {
    const result = check([deployment()]);
    expect(result.output).toContain('1 objects valid');
    expect(result.status).toBe(0);
  });

  it('refuses unknown fields, nested and top-level, with their path and the field meant', () => {
    const result = check([deployment({ readinessProb: { httpGet: { path: '/health/ready', port: 'health' } } }, { replicaz: 2 })]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('unknown field spec.template.spec.containers[0].readinessProb (did you mean readinessProbe?)');
    expect(result.output).toContain('unknown field replicaz');
  });

  it('refuses unknown fields in custom resources and API versions no longer served', () => {
    const podMonitor = { apiVersion: 'monitoring.coreos.com/v1', kind: 'PodMonitor', metadata: { name: 'sample' }, spec: { selector: {}, podMetricsEndpoints: [{ port: 'metrics', intervall: '30s' }] } };
    const externalSecret = { apiVersion: 'external-secrets.io/v1beta1', kind: 'ExternalSecret', metadata: { name: 'sample' }, spec: { secretStoreRef: { kind: 'ClusterSecretStore', name: 'vault' }, target: { name: 'sample' } } };
    const result = check([podMonitor], [externalSecret]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('PodMonitor/sample: unknown field spec.podMetricsEndpoints[0].intervall (did you mean interval?)');
    expect(result.output).toContain('ExternalSecret/sample: external-secrets.io/v1beta1 is no longer served');
  });

  it('refuses replicas on a Deployment an autoscaler scales', () => {
    const autoscaler = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'sample' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'sample' }, maxReplicas: 3 } };
    const withReplicas = deployment();
    (withReplicas.spec as Record<string, unknown>).replicas = 2;
    const result = check([withReplicas, autoscaler]);
    expect(result.output).toContain('Deployment/sample: sets replicas while a HorizontalPodAutoscaler owns the count');
  });

  it("holds a Job's init containers (the migration Job's) to the same rules as its containers, without probes", () => {
    const hardened = { securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } }, resources: { limits: { memory: '128Mi' } } };
    const job = (migrate: Record<string, unknown>) => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate' },
      spec: {
        template: {
          spec: {
            restartPolicy: 'Never',
            securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
            initContainers: [{ name: 'migrate-ledger', image: 'registry.example.com/ledger:1.0.0', command: ['node', 'apps/ledger/dist/migrate.js'], ...hardened, ...migrate }],
            containers: [{ name: 'done', image: 'registry.example.com/ledger:1.0.0', ...hardened }],
          },
        },
      },
    });
    expect(check([job({})]).status).toBe(0);
    const result = check([job({ image: 'registry.example.com/ledger', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } }, resources: {}, readinessProb: {} })]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('Job/migrate/migrate-ledger: readOnlyRootFilesystem must be true');
    expect(result.output).toContain('Job/migrate/migrate-ledger: needs a memory limit');
    expect(result.output).toContain('Job/migrate/migrate-ledger: image registry.example.com/ledger must be pinned to a tag');
    expect(result.output).toContain('unknown field spec.template.spec.initContainers[0].readinessProb (did you mean readinessProbe?)');
  });
});
