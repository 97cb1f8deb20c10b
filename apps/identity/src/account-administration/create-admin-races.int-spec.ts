import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, CreateAdminPayload, IdentityCommands, USER_MESSAGES } from '@portal/contracts';
import { signedInAdmin } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * A super admin creating an administrator while another super admin demotes them. Changes to
 * administrators take turns (the administrator lock); creating one reads the caller's role
 * only when it is its turn, so a demotion under way when the creation began decides it.
 */
// Each test hashes passwords while others wait on locks it holds.
jest.setTimeout(120_000);

describe('creating an administrator racing the demotion of its creator', () => {
  const race = raceHarness('identity_create_admin_races');

  const newAdmin = (): CreateAdminPayload & { email: string } => {
    const password = 'Brand#New2026';
    return { email: `created.${randomUUID().slice(0, 8)}@example.com`, password, confirmPassword: password, firstName: 'Ada', lastName: 'Byron', adminRole: 'admin' };
  };
  const createAdmin = (by: Actor, form: CreateAdminPayload) => race.patient.send(IdentityCommands.createAdmin, form, { actor: by });
  const demote = (by: Actor, target: Actor) => race.patient.send(IdentityCommands.changeAdminRole, { userId: target.userId, adminRole: 'admin' }, { actor: by });
  const accountsWith = async (email: string) => (await race.harness.database.query('SELECT 1 FROM identity.users WHERE email = $1', [email])).rowCount;
  const roleOf = async (actor: Actor) => (await race.harness.database.query('SELECT admin_role FROM identity.users WHERE id = $1', [actor.userId])).rows[0].admin_role;

  it('the demotion under way first: the demoted admin’s creation is refused, and no administrator appears', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const form = newAdmin();
    // A share lock on Alice's row: Bob's demotion takes the administrator lock, then waits to lock her.
    const [demoted, created] = await interleave(
      race.harness,
      [{ text: 'SELECT 1 FROM identity.users WHERE id = $1 FOR KEY SHARE', values: [alice.userId] }],
      () => demote(bob, alice),
      () => createAdmin(alice, form),
    );
    expect(demoted).toMatchObject({ id: alice.userId, adminRole: 'admin' });
    expect(created).toMatchObject({ body: { statusCode: 403, message: USER_MESSAGES.create_admin_super_admin_only } });
    expect(await accountsWith(form.email)).toBe(0);
    const audit = await race.harness.database.query(`SELECT 1 FROM identity.audit_logs WHERE actor_user_id = $1 AND action_type = 'admin_created'`, [alice.userId]);
    expect(audit.rowCount).toBe(0);
  });

  it('the creation under way first: the administrator is created, then the demotion goes through', async () => {
    const { actor: alice } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const form = newAdmin();
    // The creation stops at its audit record, the demotion at the administrator lock (or at its own audit record).
    const [created, demoted] = await interleave(race.harness, ['LOCK TABLE identity.audit_logs IN SHARE MODE'], () => createAdmin(alice, form), () => demote(bob, alice));
    expect(created).toMatchObject({ email: form.email, userType: 'admin', adminRole: 'admin' });
    expect(demoted).toMatchObject({ id: alice.userId, adminRole: 'admin' });
    expect(await accountsWith(form.email)).toBe(1);
    expect(await roleOf(alice)).toBe('admin');
  });
});
