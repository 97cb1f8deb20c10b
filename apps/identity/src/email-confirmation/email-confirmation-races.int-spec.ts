import 'reflect-metadata';
import { Actor, AuthMessages, AuthSession, IdentityCommands } from '@portal/contracts';
import { failure, personalRowsOf, signedInAdmin, signUp } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * A super admin deleting an account while its owner opens the confirmation link. Both lock
 * the account and the link (the deletion removes the link); whatever the interleaving, each
 * is answered (no deadlock, no 500) and nothing of the person stays but the anonymised row.
 *
 * The test holds a SHARE lock on email_confirmation_tokens, which lets reads and row locks
 * through but stops every write to the table: the first command stops at its write to the
 * links, holding the account; the second starts and stops too; then both are let go.
 */
// Each test hashes passwords, some while others wait on locks it holds.
jest.setTimeout(120_000);

describe('an email confirmation racing the deletion of the account', () => {
  const race = raceHarness('identity_email_confirmation_races');
  let admin: Actor;

  beforeAll(async () => {
    ({ actor: admin } = await signedInAdmin(race.harness, 'super_admin'));
  });

  const holdConfirmationLinks = ['LOCK TABLE identity.email_confirmation_tokens IN SHARE MODE'];
  const confirm = (token: string) => race.patient.send(IdentityCommands.confirmEmail, { token });
  const deleteAccount = (userId: string) => race.patient.send(IdentityCommands.deleteUser, { userId }, { actor: admin });

  async function expectErased(userId: string): Promise<void> {
    const [row] = (await race.harness.database.query('SELECT email, deleted_at FROM identity.users WHERE id = $1', [userId])).rows;
    expect(row).toEqual({ email: `deleted-${userId}@deleted.invalid`, deleted_at: expect.any(Date) });
    expect(Object.values(await personalRowsOf(race.harness, userId)).every((count) => count === 0)).toBe(true);
  }

  it('the deletion first: it is answered, and the link of the account it removed is refused as invalid', async () => {
    const { result, confirmationToken } = await signUp(race.harness);
    const [deleted, confirmed] = await interleave(race.harness, holdConfirmationLinks, () => deleteAccount(result.userId), () => confirm(confirmationToken));
    expect(deleted).toEqual({ deleted: true });
    expect(confirmed).toMatchObject({ body: { statusCode: 400, code: 'confirmation_invalid', message: AuthMessages.confirmationInvalid } });
    await expectErased(result.userId);
  });

  it('the confirmation first: it signs in, and the deletion that follows ends that session', async () => {
    const { result, confirmationToken } = await signUp(race.harness);
    const [confirmed, deleted] = await interleave(race.harness, holdConfirmationLinks, () => confirm(confirmationToken), () => deleteAccount(result.userId));
    expect(confirmed).toMatchObject({ user: { id: result.userId }, refreshToken: expect.any(String) });
    expect(deleted).toEqual({ deleted: true });
    await expectErased(result.userId);
    expect(await failure(race.patient.send(IdentityCommands.refreshSession, { refreshToken: (confirmed as AuthSession).refreshToken }))).toMatchObject({ statusCode: 401, code: 'session_ended' });
  });
});
