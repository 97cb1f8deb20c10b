import 'reflect-metadata';
import { IdentityCommands } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, startIdentity, withDataSource } from '../testing/identity-harness';
import { currentUserQuery } from './current-user.queries';

describe('the current user', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('users');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  it('is read with one statement built from the entity mapping', async () => {
    const sql = await withDataSource(harness, async (dataSource) => currentUserQuery(dataSource));
    expect(sql).toBe(
      'SELECT "id" AS "id", "email" AS "email", "first_name" AS "firstName", "last_name" AS "lastName", "user_type" AS "userType", "admin_role" AS "adminRole", "kyc_status" AS "kycStatus", "user_status" AS "userStatus" FROM "identity"."users" WHERE "id" = $1 AND "deleted_at" IS NULL',
    );
  });

  it('shows changes made after sign-in, on every connection of the pool', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    // More reads than the pool has connections: each connection prepares the statement once.
    const first = await Promise.all(Array.from({ length: 12 }, () => customer.send(IdentityCommands.getCurrentUser, {})));
    expect(new Set(first.map((user) => user.userStatus))).toEqual(new Set(['active']));
    await harness.database.query(`UPDATE identity.users SET user_status = 'suspended', first_name = 'Augusta' WHERE id = $1`, [session.user.id]);
    const after = await Promise.all(Array.from({ length: 12 }, () => customer.send(IdentityCommands.getCurrentUser, {})));
    for (const user of after) expect(user).toMatchObject({ id: session.user.id, firstName: 'Augusta', userStatus: 'suspended' });
  });

  it('is 404 once the account is closed (soft-deleted), as TypeORM finds would have it', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    await harness.database.query('UPDATE identity.users SET deleted_at = now() WHERE id = $1', [session.user.id]);
    expect(await failure(customer.send(IdentityCommands.getCurrentUser, {}))).toMatchObject({ statusCode: 404, message: 'This account no longer exists.' });
  });

  it('is 404 once the account is gone', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    await harness.database.query('DELETE FROM identity.users WHERE id = $1', [session.user.id]);
    expect(await failure(customer.send(IdentityCommands.getCurrentUser, {}))).toMatchObject({ statusCode: 404, code: 'account_deleted', message: 'This account no longer exists.' });
  });
});
