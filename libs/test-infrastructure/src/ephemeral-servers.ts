import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface EphemeralServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A login's environment: what a process (or a test acting as one) connects with. */
export type NatsLoginEnv = { NATS_USER: string; NATS_PASSWORD: string };

export interface EphemeralNats<User extends string = string> extends EphemeralServer {
  /** Each login of the server's configuration; null when the server takes anyone. */
  logins: Record<User, NatsLoginEnv> | null;
}

/**
 * A NATS server's configuration file for where it listens and stores, with the logins it
 * defines (@portal/testing passes the generated one of `npm run nats:config`).
 */
export type NatsServerConfiguration<User extends string = string> = (server: { host: string; port: number; storeDir: string }) => {
  conf: string;
  logins: { user: User; password: string }[];
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

function findBinary(candidates: string[]): string | null {
  for (const candidate of candidates) {
    const found = spawnSync('sh', ['-c', `command -v ${candidate}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}

function stopper(child: ChildProcess, cleanup: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return (cleanup(), resolve());
      child.once('exit', () => (cleanup(), resolve()));
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
}

/**
 * A NATS server with JetStream of the test run's own (the machine's nats-server on a
 * free port, storage in a temporary directory), so tests never meet a development
 * stack's services on the shared server. TEST_NATS_URL overrides it.
 */
export async function startEphemeralNats<User extends string = string>(options: {
  /** The server runs this configuration (its logins and their permissions); without it anyone may do anything. */
  configuration?: NatsServerConfiguration<User>;
} = {}): Promise<EphemeralNats<User>> {
  if (process.env.TEST_NATS_URL) return { url: process.env.TEST_NATS_URL, port: Number(new URL(process.env.TEST_NATS_URL).port), stop: async () => undefined, logins: null };
  const binary = findBinary(['nats-server', '/usr/sbin/nats-server']);
  if (!binary) throw new Error('nats-server is not installed; set TEST_NATS_URL to a NATS server with JetStream');
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'portal-test-nats-'));
  let args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  let logins: EphemeralNats<User>['logins'] = null;
  if (options.configuration) {
    const generated = options.configuration({ host: '127.0.0.1', port, storeDir });
    writeFileSync(join(storeDir, 'nats.conf'), generated.conf, { mode: 0o600 });
    args = ['-c', join(storeDir, 'nats.conf')];
    const byUser: Partial<Record<User, NatsLoginEnv>> = {};
    for (const { user, password } of generated.logins) byUser[user] = { NATS_USER: user, NATS_PASSWORD: password };
    logins = byUser as Record<User, NatsLoginEnv>;
  }
  const child = spawn(binary, args, { stdio: 'ignore' });
  await waitForPort(port);
  return { url: `nats://127.0.0.1:${port}`, port, stop: stopper(child, () => rmSync(storeDir, { recursive: true, force: true })), logins };
}

/** A Redis server of the test run's own on a free port, keeping nothing on disk. TEST_REDIS_URL overrides it. */
export async function startEphemeralRedis(): Promise<EphemeralServer> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, port: Number(new URL(process.env.TEST_REDIS_URL).port), stop: async () => undefined };
  const binary = findBinary(['redis-server']);
  if (!binary) throw new Error('redis-server is not installed; set TEST_REDIS_URL to a Redis server');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-redis-'));
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, port, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}

export interface EphemeralRedisCluster {
  /** The nodes as REDIS_CLUSTER_NODES lists them: `127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3`. */
  nodes: string;
  ports: number[];
  /** Stops every server it started (also those of a cluster that never formed). */
  stop(): Promise<void>;
}

function runRedisCli(args: string[], timeoutMs = 15_000): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => (clearTimeout(timer), reject(error)));
    child.once('exit', (status) => (clearTimeout(timer), resolve({ status, output })));
  });
}

/**
 * A Redis Cluster of the test run's own: three masters (no replicas) on free ports, keeping
 * nothing on disk, the slots spread over them by `redis-cli --cluster create`; resolves once
 * every node reports `cluster_state:ok`.
 */
export async function startEphemeralRedisCluster(masters = 3): Promise<EphemeralRedisCluster> {
  const binary = findBinary(['redis-server']);
  if (!binary || !findBinary(['redis-cli'])) throw new Error('redis-server and redis-cli are needed for a Redis Cluster');
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-redis-cluster-'));
  const ports: number[] = [];
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    await Promise.all(stops.map((stopOne) => stopOne()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < masters; index++) {
      const port = await freePort();
      ports.push(port);
      const child = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: 'ignore' },
      );
      stops.push(stopper(child, () => undefined));
    }
    await Promise.all(ports.map((port) => waitForPort(port)));
    const created = await runRedisCli(['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'], 30_000);
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.output}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const states = await Promise.all(ports.map((port) => runRedisCli(['-p', String(port), 'cluster', 'info'])));
      if (states.every((state) => state.output.includes('cluster_state:ok'))) break;
      if (Date.now() > deadline) throw new Error('the Redis Cluster did not reach cluster_state:ok within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(','), ports, stop };
}
