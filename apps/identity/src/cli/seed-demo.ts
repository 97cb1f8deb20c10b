import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { IdentityEvents, UserConfirmedEvent, UserRegisteredEvent } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { CreateAdmin } from '../admins/create-admin';
import { IdentityEnvironment } from '../identity-environment';
import { hashPassword } from '../users/passwords';
import { EmailTakenError, findUserByEmail, insertUser } from '../users/user-records';
import { CommandOutput, consoleOutput } from '@portal/logging';
import { openIdentityDatabase } from './identity-database';

/** Sign-ins printed for whoever runs the portal locally; they exist only in development databases. */
export const DEMO_ADMIN = { email: 'admin@demo.portal', password: 'Admin#2026demo', firstName: 'Demo', lastName: 'Administrator' } as const;
export const DEMO_CUSTOMER = { email: 'customer@demo.portal', password: 'Customer#2026demo', firstName: 'Demo', lastName: 'Customer' } as const;

type SeedOutcome = 'created' | 'already there';

async function seedAdmin(dataSource: DataSource): Promise<SeedOutcome> {
  if (await findUserByEmail(dataSource.manager, DEMO_ADMIN.email)) return 'already there';
  try {
    await new CreateAdmin(dataSource).execute({ ...DEMO_ADMIN, adminRole: 'super_admin' }, { actor: null, source: 'seed' });
  } catch (error) {
    // A seed running at the same moment created it first.
    if (error instanceof ServiceError && error.body.statusCode === 409) return 'already there';
    throw error;
  }
  return 'created';
}

/** A customer as if signed up and confirmed, with the events a real one would have produced. */
async function seedCustomer(dataSource: DataSource): Promise<SeedOutcome> {
  if (await findUserByEmail(dataSource.manager, DEMO_CUSTOMER.email)) return 'already there';
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  try {
    await dataSource.transaction(async (manager) => {
      const user = await insertUser(manager, { ...DEMO_CUSTOMER, passwordHash, userType: 'customer', emailConfirmedAt: new Date() });
      const registered: UserRegisteredEvent = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, userType: user.userType };
      const confirmed: UserConfirmedEvent = { userId: user.id, email: user.email };
      await addToOutbox(manager, IdentityEvents.userRegistered, registered);
      await addToOutbox(manager, IdentityEvents.userConfirmed, confirmed);
    });
  } catch (error) {
    if (error instanceof EmailTakenError) return 'already there';
    throw error;
  }
  return 'created';
}

/** Creates the demo administrator and customer when missing (development only). Returns the exit code. */
export async function seedDemoCommand(env: NodeJS.ProcessEnv, output: CommandOutput = consoleOutput): Promise<number> {
  let environment: IdentityEnvironment;
  try {
    environment = loadEnvironment(IdentityEnvironment, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    output.error(error.message);
    return 1;
  }
  if (environment.NODE_ENV !== 'development') {
    output.error(`Refusing to seed demo accounts: NODE_ENV is ${environment.NODE_ENV}. Demo accounts with published passwords belong in development only.`);
    return 1;
  }
  const dataSource = await openIdentityDatabase(environment.DATABASE_URL);
  try {
    const admin = await seedAdmin(dataSource);
    const customer = await seedCustomer(dataSource);
    output.info('Demo sign-ins (development only):');
    output.info(`  Administrator  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}  (${admin})`);
    output.info(`  Customer       ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}  (${customer})`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  seedDemoCommand(process.env).then(
    (code) => (process.exitCode = code),
    (error) => {
      consoleOutput.error(`seed-demo failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
