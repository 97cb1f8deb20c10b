import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveJwtKeys } from '@portal/config';
import { BACKEND_SERVICES, BackendService } from '@portal/contracts';
import { LogTarget, ManagedProcessSpec, ProcessSupervisor } from './process-supervisor';

export interface LocalStackOptions {
  /** Repository root: where apps/<name>/dist live. */
  root: string;
  /** Environment every process gets (DATABASE_URL, NATS_URL, REDIS_URL, SMTP_URL, WEB_URL, NODE_ENV, ...). */
  env: NodeJS.ProcessEnv;
  gatewayPort: number;
  /** MailDev ports, or false when SMTP_URL points at a real mail server. */
  mailCatcher: { smtpPort: number; webPort: number } | false;
  logs: LogTarget;
  /** Serve the built web app from the gateway. */
  serveWebApp: boolean;
  /** Environment of one process only, over `env`: its own NATS login (NATS_USER, NATS_PASSWORD) when NATS runs the generated configuration. */
  processEnv?: Partial<Record<BackendService | 'gateway', NodeJS.ProcessEnv>>;
  readyTimeoutMs?: number;
  /** Processes per service (1 unless given): the second replica runs as `<service>-2`, and so on, with the same environment. */
  replicas?: Partial<Record<BackendService, number>>;
}

export interface LocalStack {
  gatewayUrl: string;
  mailUrl: string | null;
  /** Starts a stopped service again, with extra environment when given (a test moves its clock with CLOCK_OFFSET_DAYS). */
  startService(service: BackendService, extraEnv?: NodeJS.ProcessEnv): void;
  stopService(service: BackendService): Promise<void>;
  /** Every service process by name: a service's first replica is named after it, further ones `<service>-2`, `<service>-3`, … */
  serviceProcesses: string[];
  /** SIGKILLs one process (a replica's name from serviceProcesses). */
  killProcess(name: string): Promise<void>;
  /** Stops one process (SIGTERM, as an orchestrator does). */
  stopProcess(name: string): Promise<void>;
  /** Starts a stopped or killed process again with the environment it first had. */
  startProcess(name: string): void;
  waitUntilReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function entryPoint(root: string, app: string): string {
  const path = join(root, 'apps', app, 'dist', 'main.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: build first (npm run build)`);
  return path;
}

/**
 * Starts every backend service, the gateway and (optionally) the MailDev mail catcher as
 * separate processes, the way they run in production: one process per service, talking
 * over NATS. Used by `npm start` and by the end-to-end tests.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const supervisor = new ProcessSupervisor(options.logs);
  const gatewayUrl = `http://127.0.0.1:${options.gatewayPort}`;
  const env: NodeJS.ProcessEnv = { ...options.env };
  let mailUrl: string | null = null;

  // Make the development key pair once, before identity (signs) and the gateway (verifies)
  // start side by side and could each generate their own.
  if (!env.JWT_PUBLIC_KEY) {
    env.JWT_KEYS_DIR = env.JWT_KEYS_DIR ?? join(options.root, '.run', 'jwt');
    resolveJwtKeys({ nodeEnv: env.NODE_ENV ?? 'development', needPrivateKey: true, env });
  }

  if (options.mailCatcher) {
    const { smtpPort, webPort } = options.mailCatcher;
    env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    mailUrl = `http://127.0.0.1:${webPort}`;
    supervisor.start({
      name: 'maildev',
      command: process.execPath,
      args: [require.resolve('maildev/bin/maildev'), '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
      env,
      cwd: options.root,
    });
  }

  const startService = (service: BackendService, extraEnv: NodeJS.ProcessEnv = {}) =>
    supervisor.start({ name: service, command: process.execPath, args: [entryPoint(options.root, service)], env: { ...env, ...options.processEnv?.[service], ...extraEnv }, cwd: options.root });

  const replicaSpecs = new Map<string, ManagedProcessSpec>();
  for (const service of BACKEND_SERVICES) {
    startService(service);
    for (let replica = 2; replica <= (options.replicas?.[service] ?? 1); replica++) {
      const spec = { name: `${service}-${replica}`, command: process.execPath, args: [entryPoint(options.root, service)], env: { ...env, ...options.processEnv?.[service] }, cwd: options.root };
      replicaSpecs.set(spec.name, spec);
      supervisor.start(spec);
    }
  }
  supervisor.start({
    name: 'gateway',
    command: process.execPath,
    args: [entryPoint(options.root, 'gateway')],
    env: { ...env, ...options.processEnv?.gateway, PORT: String(options.gatewayPort), ...(options.serveWebApp ? { WEB_DIST_DIR: join(options.root, 'apps', 'web', 'dist') } : {}) },
    cwd: options.root,
  });

  const waitUntilReady = async (timeoutMs = options.readyTimeoutMs ?? 90_000) => {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      try {
        // The gateway's own readiness and every service's: the whole stack answers.
        const response = await fetch(`${gatewayUrl}/health/services`);
        // The mail catcher too: one whose port was taken has exited, and every email with it.
        const mailCatcher = mailUrl ? await fetch(`${mailUrl}/email`).then((answer) => answer.ok, () => false) : true;
        if (response.ok && mailCatcher) return;
        last = response.ok ? `the mail catcher does not answer on ${mailUrl}` : `${response.status} ${await response.text()}`;
      } catch (error) {
        last = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the stack did not become ready within ${timeoutMs} ms: ${last}`);
  };

  const stack: LocalStack = {
    gatewayUrl,
    mailUrl,
    startService,
    stopService: (service) => supervisor.stop(service),
    serviceProcesses: [...BACKEND_SERVICES, ...replicaSpecs.keys()],
    killProcess: (name) => supervisor.kill(name),
    stopProcess: (name) => supervisor.stop(name),
    startProcess: (name) => {
      const spec = replicaSpecs.get(name);
      if (spec) return supervisor.start(spec);
      const service = BACKEND_SERVICES.find((candidate) => candidate === name);
      if (!service) throw new Error(`${name} is not a process of this stack`);
      startService(service);
    },
    waitUntilReady,
    stop: () => supervisor.stopAll(),
  };
  try {
    await waitUntilReady();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
