import 'reflect-metadata';
import { Secret, TOTP } from 'otpauth';
import { AccountClosureCommands, AccountSecurityMessages, Actor, AuthSession, IdentityCommands, isMfaChallenge, MfaChallenge, SignInResult, USER_MESSAGES } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, personalRowsOf } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/** The code an authenticator app shows for the secret now. */
function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

function challengeOf(result: SignInResult): MfaChallenge {
  if (!isMfaChallenge(result)) throw new Error('expected a two-factor challenge, but sign-in answered a session');
  return result;
}

/**
 * Two-factor changes racing what ends an account's access: turning two-factor on while the
 * account is deleted, and finishing a two-factor sign-in while the password is changed.
 * Whatever the interleaving, both are answered (no deadlock, no 500), nothing of a deleted
 * person stays, and no session is opened on the strength of a password no longer the account's.
 *
 * The test holds a SHARE lock on a table both write to, which lets reads and row locks through
 * but stops every write to it: the first command stops there, holding what it has locked;
 * the second starts and stops too; then both are let go.
 */
// Each test hashes passwords, some while others wait on locks it holds.
jest.setTimeout(120_000);

describe('two-factor racing deletions and password changes', () => {
  const race = raceHarness('identity_two_factor_races');

  const as = (session: AuthSession): { actor: Actor } => ({ actor: actorOf(race.harness, session) });
  const signIn = (email: string, password: string) => race.patient.send(IdentityCommands.signIn, { email, password });
  /** Forgets the last accepted step, so that a test can give a second code within one 30-second period. */
  const forgetUsedCodes = (userId: string) => race.harness.database.query('UPDATE identity.user_security SET totp_last_step = NULL WHERE user_id = $1', [userId]);

  /** A signed-in customer who has started setting two-factor up; the secret to confirm. */
  async function customerEnrolling() {
    const { form, session } = await confirmedCustomer(race.harness);
    const { secret } = await race.patient.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session));
    return { form, session, secret };
  }

  async function expectErased(userId: string): Promise<void> {
    const [row] = (await race.harness.database.query('SELECT email, deleted_at FROM identity.users WHERE id = $1', [userId])).rows;
    expect(row).toEqual({ email: `deleted-${userId}@deleted.invalid`, deleted_at: expect.any(Date) });
    expect(await personalRowsOf(race.harness, userId)).toMatchObject({ user_security: 0, recovery_codes: 0, refresh_tokens: 0 });
  }

  describe('turning two-factor on while the account is deleted', () => {
    // Both write recovery codes: the confirmation replaces them, the deletion removes them.
    const holdRecoveryCodes = ['LOCK TABLE identity.recovery_codes IN SHARE MODE'];

    it('turned on first: both are answered, and the deletion removes the new secret and codes too', async () => {
      const { form, session, secret } = await customerEnrolling();
      const [enabled, deleted] = await interleave(
        race.harness,
        holdRecoveryCodes,
        () => race.patient.send(IdentityCommands.confirmTwoFactor, { code: codeFor(secret) }, as(session)),
        () => race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session)),
      );
      expect(enabled).toMatchObject({ twoFactorEnabled: true, recoveryCodes: expect.arrayContaining([expect.any(String)]) });
      expect(deleted).toEqual({ deleted: true });
      await expectErased(session.user.id);
    });

    it('deleted first: the deletion is answered, and turning two-factor on is refused: the account no longer exists', async () => {
      const { form, session, secret } = await customerEnrolling();
      const [deleted, enabled] = await interleave(
        race.harness,
        holdRecoveryCodes,
        () => race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session)),
        () => race.patient.send(IdentityCommands.confirmTwoFactor, { code: codeFor(secret) }, as(session)),
      );
      expect(deleted).toEqual({ deleted: true });
      expect(enabled).toMatchObject({ body: { statusCode: 404, code: 'account_deleted', message: USER_MESSAGES.account_deleted } });
      await expectErased(session.user.id);
    });
  });

  it('a two-factor sign-in is refused once the account is deleted', async () => {
    const { form, session, secret } = await customerEnrolling();
    await race.patient.send(IdentityCommands.confirmTwoFactor, { code: codeFor(secret) }, as(session));
    await forgetUsedCodes(session.user.id);
    const challenge = challengeOf(await signIn(form.email, form.password));
    await expect(race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session))).resolves.toEqual({ deleted: true });

    expect(await failure(race.patient.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: codeFor(secret) }))).toMatchObject({
      statusCode: 401,
      code: 'mfa_challenge_expired',
      message: AccountSecurityMessages.challengeExpired,
    });
    await expectErased(session.user.id);
  });

  it('a two-factor sign-in finished while the password is being changed is refused: its challenge was for the old password', async () => {
    const { form, session, secret } = await customerEnrolling();
    await race.patient.send(IdentityCommands.confirmTwoFactor, { code: codeFor(secret) }, as(session));
    await forgetUsedCodes(session.user.id);
    // Someone with the old password got as far as the code.
    const challenge = challengeOf(await signIn(form.email, form.password));

    // The change voids the account's reset links: it stops there, holding the account.
    const [changed, completed] = await interleave(
      race.harness,
      ['LOCK TABLE identity.password_reset_tokens IN SHARE MODE'],
      () => race.patient.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-changed-phrase' }, as(session)),
      () => race.patient.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: codeFor(secret) }),
    );
    expect(changed).toEqual({ changed: true, otherSessionsEnded: 0 });
    expect(completed).toMatchObject({ body: { statusCode: 401, code: 'mfa_challenge_expired', message: AccountSecurityMessages.challengeExpired } });
    // No session but the one that changed the password.
    const live = await race.harness.database.query('SELECT DISTINCT session_id FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [session.user.id]);
    expect(live.rows).toEqual([{ session_id: actorOf(race.harness, session).sessionId }]);
    // The challenge stays void; the new password and a code sign in.
    expect(await failure(race.patient.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: codeFor(secret) }))).toMatchObject({ statusCode: 401, code: 'mfa_challenge_expired' });
    const fresh = challengeOf(await signIn(form.email, 'a-changed-phrase'));
    await expect(race.patient.send(IdentityCommands.completeMfaSignIn, { mfaToken: fresh.mfaToken, code: codeFor(secret) })).resolves.toMatchObject({ user: { id: session.user.id } });
  });
});
