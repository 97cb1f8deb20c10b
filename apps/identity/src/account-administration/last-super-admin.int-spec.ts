import 'reflect-metadata';
import { Actor, IdentityCommands } from '@portal/contracts';
import { failure, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

/**
 * Two super admins acting on each other at the same moment: one of them must be refused,
 * whatever the two changes are, so that the platform never ends up without an active
 * super administrator. A database of its own: the count of super admins is the point.
 */
describe('the last active super administrator', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('last_super_admin');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const activeSuperAdmins = async (): Promise<string[]> =>
    (await harness.database.query<{ id: string }>(`SELECT id FROM identity.users WHERE admin_role = 'super_admin' AND user_status = 'active' AND deleted_at IS NULL`)).rows.map((row) => row.id);

  type Act = (by: Actor, target: Actor) => Promise<unknown>;
  const demote: Act = (by, target) => harness.client.as(by).send(IdentityCommands.changeAdminRole, { userId: target.userId, adminRole: 'admin' });
  const suspend: Act = (by, target) => harness.client.as(by).send(IdentityCommands.suspendUser, { userId: target.userId, reason: 'race' });
  const remove: Act = (by, target) => harness.client.as(by).send(IdentityCommands.deleteUser, { userId: target.userId });

  it.each([
    ['demote each other', demote, demote],
    ['suspend each other', suspend, suspend],
    ['delete each other', remove, remove],
    ['demote and suspend each other', demote, suspend],
    ['delete and demote each other', remove, demote],
  ])('the only two super admins %s at once: exactly one succeeds and one active super admin remains', async (_name, first, second) => {
    // Exactly two active super admins: the survivor of the previous case (if any) is set aside.
    await harness.database.query(`UPDATE identity.users SET admin_role = 'admin' WHERE admin_role = 'super_admin'`);
    const { actor: alice } = await signedInAdmin(harness);
    const { actor: bob } = await signedInAdmin(harness);
    expect((await activeSuperAdmins()).sort()).toEqual([alice.userId, bob.userId].sort());

    const outcomes = await Promise.allSettled([first(alice, bob), second(bob, alice)]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    // Refused as a client sees it: not allowed (the caller is no longer an active super admin) or a conflict.
    expect([403, 409]).toContain((await failure(Promise.reject(refused?.reason))).statusCode);
    const remaining = await activeSuperAdmins();
    expect(remaining).toHaveLength(1);
    // The one left is the one whose request went through.
    const winner = outcomes[0].status === 'fulfilled' ? alice : bob;
    expect(remaining).toEqual([winner.userId]);
  });
});
