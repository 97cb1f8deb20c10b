import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { AccountClosureCommands, Actor, AuthSession, IdentityCommands, IdentityEvents, ProfileMessages } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, personalRowsOf, sessionOf, tokenOf } from '../testing/identity-harness';
import { interleave, raceHarness } from '../testing/lock-races';

/**
 * The confirmation of a change of address racing a deletion of the account or a password
 * change. Each locks the account and the account's email-change links (the deletion removes
 * them, the password change voids them); whatever the interleaving, both are answered (no
 * deadlock, no 500) and the account ends in a state one of the orders explains.
 *
 * The test holds a SHARE lock on email_change_tokens, which lets reads and row locks through
 * but stops every write to the table: the first command stops at its write to the links,
 * holding the account; the second starts and stops too; then both are let go.
 */
// Each test hashes passwords, some while others wait on locks it holds.
jest.setTimeout(120_000);

describe('an email-change confirmation racing a deletion or a password change', () => {
  const race = raceHarness('identity_email_change_races');

  const holdEmailChangeLinks = ['LOCK TABLE identity.email_change_tokens IN SHARE MODE'];
  const as = (session: AuthSession): { actor: Actor } => ({ actor: actorOf(race.harness, session) });
  const confirmChange = (token: string) => race.patient.send(IdentityCommands.confirmEmailChange, { token });
  const invalidLink = { body: { statusCode: 400, code: 'email_change_invalid', message: ProfileMessages.emailChangeInvalid } };

  /** A customer who asked to move the account to a new address; the token of the link sent there. */
  async function customerMovingAddress() {
    const { form, session } = await confirmedCustomer(race.harness);
    const newEmail = `moving-${randomUUID().slice(0, 8)}@example.test`;
    await race.patient.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password }, as(session));
    const requested = await race.harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === newEmail);
    return { form, session, newEmail, token: tokenOf(requested.payload.confirmationUrl) };
  }

  async function emailOf(userId: string): Promise<string> {
    return (await race.harness.database.query('SELECT email FROM identity.users WHERE id = $1', [userId])).rows[0].email;
  }

  it('the owner’s deletion first: it is answered, and the link of the account it removed is refused as invalid', async () => {
    const { form, session, token } = await customerMovingAddress();
    const [deleted, confirmed] = await interleave(
      race.harness,
      holdEmailChangeLinks,
      () => race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session)),
      () => confirmChange(token),
    );
    expect(deleted).toEqual({ deleted: true });
    expect(confirmed).toMatchObject(invalidLink);
    expect(await emailOf(session.user.id)).toBe(`deleted-${session.user.id}@deleted.invalid`);
    expect(Object.values(await personalRowsOf(race.harness, session.user.id)).every((count) => count === 0)).toBe(true);
  });

  it('the confirmation first: the address moves, then the deletion anonymises the account', async () => {
    const { form, session, newEmail, token } = await customerMovingAddress();
    const [confirmed, deleted] = await interleave(
      race.harness,
      holdEmailChangeLinks,
      () => confirmChange(token),
      () => race.patient.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }, as(session)),
    );
    expect(confirmed).toEqual({ email: newEmail });
    expect(deleted).toEqual({ deleted: true });
    expect(await emailOf(session.user.id)).toBe(`deleted-${session.user.id}@deleted.invalid`);
    expect(Object.values(await personalRowsOf(race.harness, session.user.id)).every((count) => count === 0)).toBe(true);
  });

  it('a password change first: it is answered, and the link it voided is refused as invalid', async () => {
    const { form, session, token } = await customerMovingAddress();
    const [changed, confirmed] = await interleave(
      race.harness,
      holdEmailChangeLinks,
      () => race.patient.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-changed-phrase' }, as(session)),
      () => confirmChange(token),
    );
    expect(changed).toEqual({ changed: true, otherSessionsEnded: 0 });
    expect(confirmed).toMatchObject(invalidLink);
    // The account stays at its address, with the new password.
    expect(await emailOf(session.user.id)).toBe(form.email.toLowerCase());
    await expect(race.patient.send(IdentityCommands.signIn, { email: form.email, password: 'a-changed-phrase' }).then(sessionOf)).resolves.toMatchObject({ user: { id: session.user.id } });
    expect(await failure(confirmChange(token))).toMatchObject(invalidLink.body);
  });
});
