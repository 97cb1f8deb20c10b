import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LocalStack, startLocalStack } from '@portal/local-stack';
import { BACKEND_SERVICES, BackendService } from '@portal/contracts';
import type { NatsUser } from '@portal/messaging';
import { freePort, NatsLoginEnv } from '@portal/test-infrastructure';
import { MailInbox } from './mail-inbox';
import { PortalApi } from './portal-api';
import { startTestInfrastructure, TestInfrastructure } from '@portal/messaging/testing';

export interface TestStack {
  root: string;
  stack: LocalStack;
  infrastructure: TestInfrastructure;
  /**
   * The environment the processes run with (for CLI commands such as create-admin), with
   * the operators' NATS login: each process runs with its own instead (see natsLogins).
   */
  env: NodeJS.ProcessEnv;
  /** Every login of the stack's NATS, which runs the generated configuration (`npm run nats:config`); null on an open NATS (containers, TEST_NATS_URL). */
  natsLogins: Record<NatsUser, NatsLoginEnv> | null;
  api: PortalApi;
  inbox: MailInbox;
  baseUrl: string;
  /** Where each process's output is written (`<process>.log`, one JSON line per entry). */
  logsDirectory: string;
  stop(): Promise<void>;
}

/** The repository root, found from this file whether it runs from src (ts-jest) or dist. */
export function repositoryRoot(): string {
  return resolve(__dirname, '..', '..', '..');
}

/**
 * The whole portal as separate processes (every service, the gateway, MailDev) against a
 * fresh database and a NATS and Redis of its own: what the end-to-end suites drive.
 */
export async function startTestStack(label: string, options: { serveWebApp?: boolean; env?: NodeJS.ProcessEnv; host?: '127.0.0.1' | 'localhost' } = {}): Promise<TestStack> {
  const root = repositoryRoot();
  const infrastructure = await startTestInfrastructure(
    label,
    {
      LOG_LEVEL: 'info',
      JWT_KEYS_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-jwt-')),
      NATS_REQUEST_TIMEOUT_MS: '3000',
      ...options.env,
    },
    // The stack's own identity answers the platform settings; NATS as in production: each
    // process with its own login and only the permissions of the bus access registry.
    { platformSettings: 'answered-elsewhere', natsAccess: 'least-privilege' },
  );
  const logins = infrastructure.nats.logins;
  try {
    return await onFreePorts(3, async ({ gatewayPort, smtpPort, webPort }, attempt) => {
      // The browser suite serves the portal at localhost: WebAuthn (passkeys) refuses IP-address origins.
      const baseUrl = `http://${options.host ?? '127.0.0.1'}:${gatewayPort}`;
      const env = { ...infrastructure.env, ...logins?.operator, WEB_URL: options.env?.WEB_URL ?? baseUrl, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
      const logsDirectory = join(root, 'tmp', 'e2e-logs', `${label}-${Date.now()}`);
      const stack = await startLocalStack({
        root,
        env,
        gatewayPort,
        mailCatcher: { smtpPort, webPort },
        logs: { kind: 'directory', path: logsDirectory },
        serveWebApp: options.serveWebApp ?? false,
        processEnv: logins ? Object.fromEntries([...BACKEND_SERVICES, 'gateway'].map((process) => [process, logins[process as BackendService | 'gateway']])) : undefined,
        readyTimeoutMs: attempt < 3 ? 60_000 : 90_000,
      });
      return testStack(root, stack, infrastructure, env, baseUrl, logsDirectory);
    });
  } catch (error) {
    await infrastructure.stop();
    throw error;
  }
}

/** The free ports a whole stack listens on: the gateway's and the mail catcher's two. */
export interface StackPorts {
  gatewayPort: number;
  smtpPort: number;
  webPort: number;
}

/**
 * Starts something on ports picked free. They are taken by the processes a moment later, and
 * another process may take one in between (MailDev then exits at once): a start that fails is
 * tried again on fresh ports, up to `attempts` times in all, unless `stopTrying` says otherwise.
 */
export async function onFreePorts<T>(attempts: number, start: (ports: StackPorts, attempt: number) => Promise<T>, stopTrying: () => boolean = () => false): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports = { gatewayPort: await freePort(), smtpPort: await freePort(), webPort: await freePort() };
    try {
      return await start(ports, attempt);
    } catch (error) {
      if (attempt >= attempts || stopTrying()) throw error;
    }
  }
}

function testStack(root: string, stack: LocalStack, infrastructure: TestStack['infrastructure'], env: NodeJS.ProcessEnv, baseUrl: string, logsDirectory: string): TestStack {
  return {
    root,
    stack,
    infrastructure,
    env,
    natsLogins: infrastructure.nats.logins,
    api: new PortalApi(baseUrl),
    inbox: new MailInbox(stack.mailUrl as string),
    baseUrl,
    logsDirectory,
    async stop() {
      await stack.stop();
      await infrastructure.stop();
    },
  };
}
