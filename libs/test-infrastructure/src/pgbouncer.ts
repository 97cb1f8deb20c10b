import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ephemeral-servers';

/** Debian's package (`scripts/ensure-local-services.sh` installs it). */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface EphemeralPgBouncer {
  /** `databaseUrl` with its host and port swapped for the pooler's. */
  url: string;
  port: number;
  /** Server connections per database and user: what the pooler multiplexes clients onto. */
  poolSize: number;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of the suite's own in transaction mode (as a pooled production runs it) on a
 * free port, in front of the PostgreSQL of `databaseUrl`, with its own ini file in a
 * temporary directory; the machine's pgbouncer service is never used. Clients log in
 * without a password (auth_type trust), as the local PostgreSQL lets them.
 */
export async function startPgBouncer(databaseUrl: string, options: { poolSize?: number } = {}): Promise<EphemeralPgBouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: run scripts/ensure-local-services.sh (installs Debian's pgbouncer)`);
  const server = new URL(databaseUrl);
  const port = await freePort();
  const poolSize = options.poolSize ?? 4;
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  // pgbouncer refuses to run as root; it then runs as postgres, which must write here.
  chmodSync(dir, 0o777);
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      // node-postgres may send these; PgBouncer refuses unknown startup parameters.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([waitForPort(port), exited.then(() => Promise.reject(new Error('pgbouncer exited at start')))]);
  } catch (error) {
    const log = existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '';
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    port,
    poolSize,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT'); // immediate shutdown
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
