import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort, startTestInfrastructure, TestInfrastructure } from '@portal/testing';

const root = join(__dirname, '..');

interface Report {
  workspaces: string[];
  packages: number;
  totalMiB: number;
}

function filesUnder(directory: string): string[] {
  return execFileSync('find', [directory, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n').map((file) => relative(directory, file));
}

/** identity's image content, made as the Dockerfile makes it, outside the repository (no node_modules above it to fall back on). */
describe('the identity image content (scripts/prune-app.js)', () => {
  let out: string;
  let report: Report;

  beforeAll(() => {
    out = join(mkdtempSync(join(tmpdir(), 'portal-image-')), 'identity');
    execFileSync(process.execPath, [join(root, 'scripts/prune-app.js'), 'identity', '--out', out], { cwd: root, stdio: 'pipe' });
    report = JSON.parse(readFileSync(join(out, 'prune-report.json'), 'utf8')) as Report;
  }, 120_000);

  afterAll(() => {
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  it('holds identity and the libs it uses, as built JavaScript only', () => {
    expect(report.workspaces).toEqual(['apps/identity', 'libs/config', 'libs/contracts', 'libs/database', 'libs/domain-rules', 'libs/logging', 'libs/messaging', 'libs/redis', 'libs/tracing']);
    const code = [...filesUnder(join(out, 'apps')).map((file) => `apps/${file}`), ...filesUnder(join(out, 'libs')).map((file) => `libs/${file}`)];
    expect(code).toContain('apps/identity/dist/main.js');
    expect(code).toContain('apps/identity/dist/cli/create-admin.js');
    expect(code.filter((file) => !/^(apps|libs)\/[^/]+\/(package\.json|dist\/.+\.js)$/.test(file) || /\.(spec|int-spec)\.js$/.test(file))).toEqual([]);
    expect(code.filter((file) => /^apps\/(?!identity\/)/.test(file))).toEqual([]);
  });

  it('holds only production packages: no other app\'s, no tooling, no test support', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const present = (name: string) => existsSync(join(out, 'node_modules', name));
    // Type packages excepted: @opentelemetry/instrumentation-pg and protobufjs depend on @types/pg and @types/node.
    expect(Object.keys(manifest.devDependencies).filter((name) => !name.startsWith('@types/') && present(name))).toEqual([]);
    // The web app's and the gateway's own packages.
    expect(['antd', 'react', 'react-dom', 'recharts', 'helmet', '@fastify/static', '@fastify/compress', '@nestjs/platform-fastify', 'express-static-gzip', '@nestjs/platform-express', 'bullmq', 'nodemailer'].filter(present)).toEqual([]);
    expect(['@portal/testing', '@portal/local-stack', '@portal/gateway', '@portal/web'].filter(present)).toEqual([]);
    expect(present('argon2') && present('typeorm') && present('@portal/database')).toBe(true);
    expect(report.totalMiB).toBeLessThan(150);
  });

  it('has a package.json and lockfile that npm finds in agreement with the installed packages', () => {
    const lock = JSON.parse(readFileSync(join(out, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, { dev?: boolean }> };
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.entries(lock.packages).filter(([key, entry]) => key.startsWith('node_modules/') && entry.dev)).toEqual([]);
    const check = spawnSync('npm', ['ls', '--omit=dev', '--all'], { cwd: out, encoding: 'utf8' });
    expect({ status: check.status, problems: check.stdout.split('\n').filter((line) => /missing|invalid|extraneous/i.test(line)) }).toEqual({ status: 0, problems: [] });
  }, 60_000);

  describe('started from that directory alone', () => {
    let infrastructure: TestInfrastructure;
    let identity: ChildProcess;
    let healthPort: number;
    let keysDir: string;
    let output = '';

    const healthcheck = () => spawnSync(process.execPath, ['healthcheck.js'], { cwd: out, env: { PATH: process.env.PATH, HEALTH_PORT: String(healthPort) } }).status;

    async function readiness(): Promise<number> {
      for (;;) {
        if (identity.exitCode !== null) throw new Error(`identity exited with ${identity.exitCode}:\n${output}`);
        const status = await fetch(`http://127.0.0.1:${healthPort}/health/ready`).then((response) => response.status, () => 0);
        if (status === 200) return status;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    beforeAll(async () => {
      infrastructure = await startTestInfrastructure('image-identity');
      healthPort = await freePort();
      keysDir = mkdtempSync(join(tmpdir(), 'portal-image-keys-'));
      const env: NodeJS.ProcessEnv = { ...infrastructure.env, HEALTH_PORT: String(healthPort), JWT_KEYS_DIR: keysDir, LOG_LEVEL: 'warn' };
      delete env.NODE_PATH;
      identity = spawn(process.execPath, ['main.js'], { cwd: out, env, stdio: ['ignore', 'pipe', 'pipe'] });
      identity.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      identity.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    }, 60_000);

    afterAll(async () => {
      if (identity && identity.exitCode === null && identity.signalCode === null) {
        identity.kill('SIGKILL');
        await new Promise((resolve) => identity.once('exit', resolve));
      }
      await infrastructure?.stop();
      if (keysDir) rmSync(keysDir, { recursive: true, force: true });
    });

    it('becomes ready (database, NATS, Redis) and passes the image HEALTHCHECK, which fails once it has stopped', async () => {
      expect(await readiness()).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${healthPort}/health/live`)).json()).toEqual({ status: 'ok' });
      expect(healthcheck()).toBe(0);

      identity.kill('SIGTERM');
      // Nest closes everything, then lets the signal end the process as it would have.
      const ending = await new Promise((resolve) => identity.once('exit', (exitCode, signal) => resolve(exitCode ?? signal)));
      expect([0, 'SIGTERM']).toContain(ending);
      expect(healthcheck()).toBe(1);
    }, 90_000);
  });
});
