import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ephemeral-servers';

export interface NatsClusterNode {
  name: string;
  /** Client port. */
  port: number;
  url: string;
  /** Whether its process runs (false after kill or stop). */
  running: boolean;
}

export interface NatsCluster {
  /** Every node's client URL, comma-separated: what NATS_URL takes. */
  url: string;
  nodes: NatsClusterNode[];
  /** SIGKILLs one node: no goodbye to its routes or clients, as a crashed machine. */
  kill(index: number): Promise<void>;
  /** Starts a killed node again on its ports with its store, and waits until JetStream reports it current. */
  restart(index: number): Promise<void>;
  /** Waits until every running node answers its health check (JetStream current, a meta leader known). */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface NodeProcess {
  node: NatsClusterNode;
  routePort: number;
  monitorPort: number;
  confPath: string;
  child: ChildProcess | null;
}

function natsServerBinary(): string {
  for (const candidate of ['nats-server', '/usr/sbin/nats-server']) {
    const found = spawnSync('sh', ['-c', `command -v ${candidate}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  throw new Error('nats-server is not installed (a JetStream cluster needs the machine\'s nats-server)');
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

/**
 * A JetStream cluster of three (or `size`) nodes of the machine's nats-server on free
 * ports: each node with its own store directory, routes to the others and a monitoring
 * port for its health. Anyone may connect (no logins). A fault suite kills a node and
 * starts it again; `stop` ends every node and removes the directories.
 */
export async function startNatsCluster(options: { size?: number; name?: string } = {}): Promise<NatsCluster> {
  const binary = natsServerBinary();
  const size = options.size ?? 3;
  const clusterName = options.name ?? 'portal-test';
  const root = mkdtempSync(join(tmpdir(), 'portal-test-nats-cluster-'));
  const processes: NodeProcess[] = [];
  for (let index = 0; index < size; index++) {
    const [port, routePort, monitorPort] = [await freePort(), await freePort(), await freePort()];
    const name = `n${index + 1}`;
    processes.push({ node: { name, port, url: `nats://127.0.0.1:${port}`, running: false }, routePort, monitorPort, confPath: join(root, `${name}.conf`), child: null });
  }
  const routes = processes.map(({ routePort }) => `nats-route://127.0.0.1:${routePort}`);
  for (const { node, routePort, monitorPort, confPath } of processes) {
    writeFileSync(
      confPath,
      [
        `server_name: ${node.name}`,
        `listen: "127.0.0.1:${node.port}"`,
        `http: "127.0.0.1:${monitorPort}"`,
        `jetstream: { store_dir: ${JSON.stringify(join(root, node.name))} }`,
        `cluster: { name: ${clusterName}, listen: "127.0.0.1:${routePort}", routes: ${JSON.stringify(routes)} }`,
        '',
      ].join('\n'),
    );
  }

  const start = async (entry: NodeProcess) => {
    entry.child = spawn(binary, ['-c', entry.confPath], { stdio: 'ignore' });
    entry.node.running = true;
    const child = entry.child;
    child.once('exit', () => {
      if (entry.child === child) entry.node.running = false;
    });
    await waitForPort(entry.node.port);
  };

  const healthy = async (entry: NodeProcess) => {
    try {
      return (await fetch(`http://127.0.0.1:${entry.monitorPort}/healthz`)).ok;
    } catch {
      return false;
    }
  };

  const waitUntilHealthy = async (timeoutMs = 30_000, only?: NodeProcess) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const watched = only ? [only] : processes.filter((entry) => entry.node.running);
      if ((await Promise.all(watched.map(healthy))).every(Boolean)) return;
      if (Date.now() > deadline) throw new Error(`the NATS cluster did not become healthy within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const stopAll = async () => {
    await Promise.all(
      processes.map(async (entry) => {
        const child = entry.child;
        if (!child) return;
        const gone = exited(child);
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await gone;
        clearTimeout(killer);
      }),
    );
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await Promise.all(processes.map(start));
    await waitUntilHealthy();
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    url: processes.map(({ node }) => node.url).join(','),
    nodes: processes.map(({ node }) => node),
    async kill(index) {
      const entry = processes[index];
      const child = entry.child;
      if (!child) return;
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
      entry.node.running = false;
    },
    async restart(index) {
      const entry = processes[index];
      if (entry.node.running) throw new Error(`${entry.node.name} is running`);
      await start(entry);
      await waitUntilHealthy(60_000, entry);
    },
    waitUntilHealthy: (timeoutMs) => waitUntilHealthy(timeoutMs),
    stop: stopAll,
  };
}
