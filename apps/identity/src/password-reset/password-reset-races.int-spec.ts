import 'reflect-metadata';
import { AccountClosureCommands, Actor, AuthMessages, AuthSession, IdentityCommands, IdentityEvents, USER_MESSAGES } from '@portal/contracts';
import { actorOf, afterReplies, confirmedCustomer, failure, personalRowsOf, sessionOf, tokenOf } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * A password change (or a deletion of the account) racing the completion of a reset link of
 * the same account. Both write the account and the account's reset links; whatever the
 * interleaving, each is answered (no deadlock, no 500) and the account ends in a state one
 * of the two orders explains: with exactly one of the two passwords, or deleted.
 *
 * The dangerous interleaving is made to happen every time: the test holds a SHARE lock on
 * password_reset_tokens, which lets reads and row locks through but stops every write to the
 * table. The first command stops at its write to the links (the change voids them, the
 * reset uses its own), holding the account; the second starts and stops too; then both go.
 */
// Each test hashes passwords several times, some while others wait on locks it holds.
jest.setTimeout(120_000);

describe('a password change or a deletion racing a password reset', () => {
  const race = raceHarness('identity_password_reset_races');

  const holdResetLinks = ['LOCK TABLE identity.password_reset_tokens IN SHARE MODE'];
  const as = (session: AuthSession): { actor: Actor } => ({ actor: actorOf(race.harness, session) });
  const signIn = (email: string, password: string) => race.patient.send(IdentityCommands.signIn, { email, password }).then(sessionOf);

  async function customerWithResetLink() {
    const { form, session } = await confirmedCustomer(race.harness);
    await race.patient.send(IdentityCommands.requestPasswordReset, { email: form.email });
    await afterReplies(race.harness);
    const reset = await race.harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.userId === session.user.id);
    return { form, session, resetToken: tokenOf(reset.payload.resetUrl) };
  }

  it('the change first: the change is answered, the reset link it voided is refused as invalid', async () => {
    const { form, session, resetToken } = await customerWithResetLink();
    const [changed, reset] = await interleave(
      race.harness,
      holdResetLinks,
      () => race.patient.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'the-changed-phrase' }, as(session)),
      () => race.patient.send(IdentityCommands.updatePassword, { token: resetToken, password: 'the-reset-phrase' }),
    );
    expect(changed).toEqual({ changed: true, otherSessionsEnded: 0 });
    expect(reset).toMatchObject({ body: { statusCode: 400, code: 'invalid_reset_link', message: AuthMessages.invalidResetLink } });

    await expect(signIn(form.email, 'the-changed-phrase')).resolves.toMatchObject({ user: { id: session.user.id } });
    expect(await failure(signIn(form.email, 'the-reset-phrase'))).toMatchObject({ statusCode: 401, code: 'invalid_credentials' });
    // The link stays spent.
    expect(await failure(race.patient.send(IdentityCommands.updatePassword, { token: resetToken, password: 'the-reset-phrase' }))).toMatchObject({ statusCode: 400, code: 'invalid_reset_link' });
  });

  it('the reset first: the reset is answered, the change is asked to try again', async () => {
    const { form, session, resetToken } = await customerWithResetLink();
    const [reset, changed] = await interleave(
      race.harness,
      holdResetLinks,
      () => race.patient.send(IdentityCommands.updatePassword, { token: resetToken, password: 'the-reset-phrase' }),
      () => race.patient.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'the-changed-phrase' }, as(session)),
    );
    expect(reset).toEqual({ updated: true });
    expect(changed).toMatchObject({ body: { statusCode: 409, code: 'password_changed_meanwhile', message: USER_MESSAGES.password_changed_meanwhile } });

    await expect(signIn(form.email, 'the-reset-phrase')).resolves.toMatchObject({ user: { id: session.user.id } });
    expect(await failure(signIn(form.email, 'the-changed-phrase'))).toMatchObject({ statusCode: 401, code: 'invalid_credentials' });
    // The reset ended every session, the one that tried the change too.
    expect(await failure(race.patient.send(IdentityCommands.refreshSession, { refreshToken: session.refreshToken }))).toMatchObject({ statusCode: 401, code: 'session_ended' });
  });

  it('the owner’s deletion first: it is answered, and the reset link of the account it removed is refused as invalid', async () => {
    const { form, session, resetToken } = await customerWithResetLink();
    const [deleted, reset] = await interleave(
      race.harness,
      holdResetLinks,
      () => race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session)),
      () => race.patient.send(IdentityCommands.updatePassword, { token: resetToken, password: 'the-reset-phrase' }),
    );
    expect(deleted).toEqual({ deleted: true });
    expect(reset).toMatchObject({ body: { statusCode: 400, code: 'invalid_reset_link', message: AuthMessages.invalidResetLink } });
    const [row] = (await race.harness.database.query('SELECT email, password_hash, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(row).toEqual({ email: `deleted-${session.user.id}@deleted.invalid`, password_hash: '!deleted', deleted_at: expect.any(Date) });
    expect(Object.values(await personalRowsOf(race.harness, session.user.id)).every((count) => count === 0)).toBe(true);
  });
});
