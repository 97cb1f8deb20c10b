import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { ServiceError } from '@portal/messaging';
import { CreateAdmin, validateNewAdmin } from '../admins/create-admin';
import { IdentityEnvironment } from '../identity-environment';
import { CommandOutput, consoleOutput } from '@portal/logging';
import { openIdentityDatabase } from './identity-database';

const USAGE = 'Usage: create-admin --email E --password P --first-name F --last-name L [--role super_admin|admin|moderator|support]';

/** The refusal as the person at the terminal should read it: the message, then each detail. */
function report(error: ServiceError, output: CommandOutput) {
  output.error(error.body.message);
  for (const detail of error.body.details ?? []) if (detail.message !== error.body.message) output.error(`  - ${detail.message}`);
}

/**
 * Creates a confirmed administrator (super_admin unless --role says otherwise): how the
 * first administrator comes to exist. Returns the process exit code.
 */
export async function createAdminCommand(argv: string[], env: NodeJS.ProcessEnv, output: CommandOutput = consoleOutput): Promise<number> {
  let options: Record<string, string | undefined>;
  try {
    options = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, role: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    output.error(USAGE);
    return 1;
  }
  // The command creates the first administrator, who must be able to do everything: super_admin unless --role says otherwise.
  const input = { email: options.email, password: options.password, firstName: options['first-name'], lastName: options['last-name'], adminRole: options.role ?? 'super_admin' };

  // Refuse bad input before touching the database.
  try {
    validateNewAdmin(input);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    report(error, output);
    if (error.body.code === 'all_fields_required') output.error(USAGE);
    return 1;
  }
  let environment: IdentityEnvironment;
  try {
    environment = loadEnvironment(IdentityEnvironment, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    output.error(error.message);
    return 1;
  }

  const dataSource = await openIdentityDatabase(environment.DATABASE_URL);
  try {
    const admin = await new CreateAdmin(dataSource).execute(input, { actor: null, source: 'cli' });
    output.info(`Created ${admin.adminRole} account for ${admin.email}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    report(error, output);
    return 1;
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  createAdminCommand(process.argv.slice(2), process.env).then(
    (code) => (process.exitCode = code),
    (error) => {
      consoleOutput.error(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
