import 'reflect-metadata';
import { Actor, IdentityCommands } from '@portal/contracts';
import { signedInAdmin } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * A super admin changing a platform setting while another demotes or suspends them. The
 * change reads the caller's row under a share lock, so a change to the caller under way
 * when it began decides it. The test holds a SHARE lock on audit_logs: the change to the
 * caller stops at its audit record, having written the caller's row; the setting change
 * then stops at that row, or, when nothing orders it after, at its own audit record.
 */
jest.setTimeout(120_000);

describe('changing a setting while the caller is demoted or suspended', () => {
  const race = raceHarness('identity_setting_change_races');

  const holdAudit = ['LOCK TABLE identity.audit_logs IN SHARE MODE'];
  const fees = { personal: 9.9, corporate: 9.9, gipp: 9.9 };
  const changeFees = (by: Actor) => race.patient.send(IdentityCommands.changeSetting, { key: 'platform_fees', value: fees }, { actor: by });
  const stored = async () => (await race.harness.database.query(`SELECT setting_value, version FROM identity.system_settings WHERE setting_key = 'platform_fees'`)).rows[0];
  const changesBy = async (actor: Actor) => (await race.harness.database.query('SELECT 1 FROM identity.system_setting_changes WHERE changed_by = $1', [actor.userId])).rowCount;

  it.each([
    ['demotion', (by: Actor, target: Actor) => race.patient.send(IdentityCommands.changeAdminRole, { userId: target.userId, adminRole: 'admin' }, { actor: by }), { adminRole: 'admin' }],
    ['suspension', (by: Actor, target: Actor) => race.patient.send(IdentityCommands.suspendUser, { userId: target.userId, reason: 'race' }, { actor: by }), { userStatus: 'suspended' }],
  ])('the %s of the caller under way first: their setting change is refused, and the setting stays', async (_name, act, after) => {
    const { actor: alice } = await signedInAdmin(race.harness, 'super_admin');
    const { actor: bob } = await signedInAdmin(race.harness, 'super_admin');
    const before = await stored();

    const [acted, changed] = await interleave(race.harness, holdAudit, () => act(bob, alice), () => changeFees(alice));

    expect(acted).toMatchObject({ id: alice.userId, ...after });
    expect(changed).toMatchObject({ body: { statusCode: 403 } });
    expect(await stored()).toEqual(before);
    expect(await changesBy(alice)).toBe(0);
  });
});
