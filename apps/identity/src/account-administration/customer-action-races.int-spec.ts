import 'reflect-metadata';
import { Actor, AdminRole, DEFAULT_ADMIN_ROLE_PERMISSIONS, IdentityCommands } from '@portal/contracts';
import { actorOf, confirmedCustomer, signedInAdmin } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * An administrator acting on a customer (suspend, re-activate, delete) while a super admin
 * demotes, suspends or deletes that administrator, or takes the users permission from their
 * role. Changes to customers take no administrator lock: they read the caller's row (and the
 * admin_roles setting) under a share lock, so a change to the caller under way when the
 * action began decides it.
 *
 * The test holds a SHARE lock on audit_logs: the change to the caller stops at its audit
 * record, having written the caller's row (or the setting's); the customer action then stops
 * at that row, or, when nothing orders it after the change, at its own audit record.
 */
jest.setTimeout(120_000);

describe('an administrator acting on a customer while their own account or role changes', () => {
  const race = raceHarness('identity_customer_action_races');

  const holdAudit = ['LOCK TABLE identity.audit_logs IN SHARE MODE'];
  const changeRole = (by: Actor, target: Actor, adminRole: AdminRole) => race.patient.send(IdentityCommands.changeAdminRole, { userId: target.userId, adminRole }, { actor: by });
  const suspend = (by: Actor, userId: string) => race.patient.send(IdentityCommands.suspendUser, { userId, reason: 'race' }, { actor: by });
  const activate = (by: Actor, userId: string) => race.patient.send(IdentityCommands.activateUser, { userId }, { actor: by });
  const remove = (by: Actor, userId: string) => race.patient.send(IdentityCommands.deleteUser, { userId }, { actor: by });
  const setAdminRoles = (by: Actor, value: Record<AdminRole, string[]>) => race.patient.send(IdentityCommands.changeSetting, { key: 'admin_roles', value }, { actor: by });

  const customer = async () => {
    const { form, session } = await confirmedCustomer(race.harness);
    return { email: form.email.toLowerCase(), actor: actorOf(race.harness, session) };
  };
  const accountOf = async (userId: string) =>
    (await race.harness.database.query('SELECT email, user_status, admin_role, deleted_at FROM identity.users WHERE id = $1', [userId])).rows[0];
  const liveSessionsOf = async (userId: string) =>
    (await race.harness.database.query('SELECT count(*)::int AS n FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [userId])).rows[0].n;
  const auditsBy = async (actor: Actor) => (await race.harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE actor_user_id = $1 AND target_type = 'user'`, [actor.userId])).rowCount;
  const refused = { body: { statusCode: 403 } };

  it('a demotion of the caller to a role without the users permission under way first: their suspension of a customer is refused, and changes nothing', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'moderator');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol } = await customer();

    const [demoted, suspended] = await interleave(race.harness, holdAudit, () => changeRole(bob, alice, 'support'), () => suspend(alice, carol.userId));

    expect(demoted).toMatchObject({ id: alice.userId, adminRole: 'support' });
    expect(suspended).toMatchObject(refused);
    expect(await accountOf(carol.userId)).toMatchObject({ user_status: 'active', deleted_at: null });
    expect(await liveSessionsOf(carol.userId)).toBe(1);
    expect(await auditsBy(alice)).toBe(0);
  });

  it('a suspension of the caller under way first: their re-activation of a customer is refused, and changes nothing', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol } = await customer();
    await suspend(bob, carol.userId);

    const [suspended, activated] = await interleave(race.harness, holdAudit, () => suspend(bob, alice.userId), () => activate(alice, carol.userId));

    expect(suspended).toMatchObject({ id: alice.userId, userStatus: 'suspended' });
    expect(activated).toMatchObject(refused);
    expect(await accountOf(carol.userId)).toMatchObject({ user_status: 'suspended', deleted_at: null });
    expect(await auditsBy(alice)).toBe(0);
  });

  it('a demotion of a super admin under way first: their deletion of a customer is refused, and the account stays', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol, email } = await customer();

    // Still an admin with the users permission: only deleting needs a super admin.
    const [demoted, deleted] = await interleave(race.harness, holdAudit, () => changeRole(bob, alice, 'admin'), () => remove(alice, carol.userId));

    expect(demoted).toMatchObject({ id: alice.userId, adminRole: 'admin' });
    expect(deleted).toMatchObject({ body: { statusCode: 403, code: 'delete_super_admin_only' } });
    expect(await accountOf(carol.userId)).toMatchObject({ email, user_status: 'active', deleted_at: null });
    expect(await liveSessionsOf(carol.userId)).toBe(1);
    expect(await auditsBy(alice)).toBe(0);
  });

  it('a deletion of the caller under way first: their suspension of a customer is refused, and changes nothing', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol } = await customer();

    const [deleted, suspended] = await interleave(race.harness, holdAudit, () => remove(bob, alice.userId), () => suspend(alice, carol.userId));

    expect(deleted).toEqual({ deleted: true });
    expect(suspended).toMatchObject(refused);
    expect(await accountOf(carol.userId)).toMatchObject({ user_status: 'active', deleted_at: null });
    expect(await liveSessionsOf(carol.userId)).toBe(1);
    expect(await auditsBy(alice)).toBe(0);
  });

  it('the users permission taken from the caller’s role under way first: their suspension of a customer is refused, and changes nothing', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'moderator');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol } = await customer();

    try {
      const [changed, suspended] = await interleave(
        race.harness,
        holdAudit,
        () => setAdminRoles(bob, { ...DEFAULT_ADMIN_ROLE_PERMISSIONS, moderator: ['kyc'] }),
        () => suspend(alice, carol.userId),
      );

      expect(changed).toMatchObject({ key: 'admin_roles', value: expect.objectContaining({ moderator: ['kyc'] }) });
      expect(suspended).toMatchObject(refused);
      expect(await accountOf(carol.userId)).toMatchObject({ user_status: 'active', deleted_at: null });
      expect(await liveSessionsOf(carol.userId)).toBe(1);
      expect(await auditsBy(alice)).toBe(0);
    } finally {
      await setAdminRoles(bob, DEFAULT_ADMIN_ROLE_PERMISSIONS);
    }
  });

  it('the customer action under way first: it goes through, then the demotion of its caller does (no deadlock)', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'moderator');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: carol } = await customer();

    const [suspended, demoted] = await interleave(race.harness, holdAudit, () => suspend(alice, carol.userId), () => changeRole(bob, alice, 'support'));

    expect(suspended).toMatchObject({ id: carol.userId, userStatus: 'suspended' });
    expect(demoted).toMatchObject({ id: alice.userId, adminRole: 'support' });
    expect(await accountOf(carol.userId)).toMatchObject({ user_status: 'suspended' });
    expect(await accountOf(alice.userId)).toMatchObject({ admin_role: 'support' });
  });
});
