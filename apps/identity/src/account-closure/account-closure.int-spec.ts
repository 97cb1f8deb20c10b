import 'reflect-metadata';
import { ACCOUNT_CLOSURE_MESSAGES, AccountClosureCommands, DataExportCommands, IdentityCommands, IdentityEvents, revokedSessionKey } from '@portal/contracts';
import type { StandIn } from '@portal/testing';
import { actorOf, confirmedCustomer, failure, IdentityHarness, personalRowsOf, sessionOf, signedInAdmin, startIdentity, tokenOf, withSecurityAndPreferences } from '../testing/identity-harness';
import { playLedgerBalances } from '../testing/played-ledger';

describe('customers delete their own account, and export what identity holds', () => {
  let harness: IdentityHarness;
  let ledger: StandIn;
  /** What the ledger (played here) holds per customer in USD; everyone else holds nothing. */
  const heldUsd = new Map<string, string>();

  beforeAll(async () => {
    harness = await startIdentity('account_closure');
    ledger = await playLedgerBalances(harness, (userId) => ({ held: heldUsd.get(userId) }));
  });

  afterAll(async () => {
    ledger?.unsubscribe();
    await harness?.stop();
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const refused = await failure(harness.client.as(actorOf(harness, session)).send(AccountClosureCommands.deleteOwnAccount, { password: 'not-my-password-1' }));
    expect(refused).toMatchObject({ statusCode: 400, code: 'wrong_password', message: ACCOUNT_CLOSURE_MESSAGES.wrongPassword });
    expect(await failure(harness.client.as(actorOf(harness, session)).send(AccountClosureCommands.deleteOwnAccount, { password: '' }))).toMatchObject({ statusCode: 400 });
    await expect(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('limits wrong passwords per account, sharing the limit of the password change, with the same message', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    // The default limit: five wrong passwords in the window, then 429 whatever the password.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await failure(customer.send(AccountClosureCommands.deleteOwnAccount, { password: `wrong-guess-${attempt}` }))).toMatchObject({ statusCode: 400, code: 'wrong_password' });
    }
    const limited = await failure(customer.send(AccountClosureCommands.deleteOwnAccount, { password: form.password }));
    expect(limited).toMatchObject({ statusCode: 429, message: 'Too many login attempts. Please try again later.', retryAfterSeconds: expect.any(Number) });
    // One count per account: the password change is held back too.
    expect(await failure(customer.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-brand-new-phrase' }))).toMatchObject({
      statusCode: 429,
      message: 'Too many login attempts. Please try again later.',
    });
    const [row] = (await harness.database.query('SELECT email, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(row).toEqual({ email: form.email.toLowerCase(), deleted_at: null });
    const audit = await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'account_deletion_failed'`, [session.user.id]);
    expect(audit.rowCount).toBe(5);
  });

  it('refuses while the ledger holds the customer’s money (held counts too), and changes nothing', async () => {
    const { form, session } = await confirmedCustomer(harness);
    heldUsd.set(session.user.id, '120.00');
    const refused = await failure(harness.client.as(actorOf(harness, session)).send(AccountClosureCommands.deleteOwnAccount, { password: form.password }));
    expect(refused).toMatchObject({ statusCode: 409, code: 'balance_not_empty', message: ACCOUNT_CLOSURE_MESSAGES.holdsMoney });
    const [row] = (await harness.database.query('SELECT email, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(row).toEqual({ email: form.email.toLowerCase(), deleted_at: null });
  });

  it('deletes an empty account: every session ends, personal data goes, sign-in stops, the email is asked for and it is audited', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const second = sessionOf(await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }, { clientIp: '203.0.113.7', userAgent: 'closing-browser/1.0' }));
    // Preferences, two-factor (secret and recovery codes), a known device, sessions with their addresses.
    await withSecurityAndPreferences(harness, session);
    const exported = await harness.client.as(actorOf(harness, session)).send(DataExportCommands.identity, {});
    expect(exported.data.profile).toMatchObject({ id: session.user.id, email: form.email.toLowerCase(), firstName: form.firstName });
    expect(exported.data.preferences).toMatchObject({ app: { theme: 'dark' } });
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|argon2|totp|codeHash/);
    // A change of address still waiting for its link: the new address is personal data too.
    const newEmail = `pending-${session.user.id.slice(0, 8)}@example.test`;
    await harness.client.as(actorOf(harness, session)).send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password });
    const pending = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (payload) => payload.newEmail === newEmail);

    const before = await personalRowsOf(harness, session.user.id);
    expect(before).toMatchObject({ refresh_tokens: 2, user_security: 1, known_sign_in_devices: 1, user_preferences: 1, email_change_tokens: 1 });
    expect(before.recovery_codes).toBeGreaterThan(0);
    await expect(harness.client.as(actorOf(harness, session)).send(AccountClosureCommands.deleteOwnAccount, { password: form.password })).resolves.toEqual({ deleted: true });

    // Nothing about the person stays in identity but the anonymised row and the audit trail:
    // no sessions (revoked ones hold addresses and browsers), no two-factor secret or recovery
    // codes, no known devices, no preferences, no emailed links.
    expect(await personalRowsOf(harness, session.user.id)).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(pending.payload.confirmationUrl) }))).toMatchObject({ statusCode: 400 });

    for (const live of [session, second]) {
      expect(await harness.redis.get(revokedSessionKey(harness.verifyAccessToken(live.accessToken).sid))).toBe('deleted');
      expect(await failure(harness.client.send(IdentityCommands.refreshSession, { refreshToken: live.refreshToken }))).toMatchObject({ statusCode: 401 });
    }
    expect(await failure(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }))).toMatchObject({ statusCode: 401 });
    const [closed] = (await harness.database.query('SELECT email, first_name, last_name, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(closed).toMatchObject({ email: `deleted-${session.user.id}@deleted.invalid`, first_name: 'Deleted', last_name: 'User', deleted_at: expect.any(Date) });

    const closedEvent = await harness.events.waitFor(IdentityEvents.accountClosed, (payload) => payload.userId === session.user.id);
    expect(closedEvent.payload).toMatchObject({ email: form.email.toLowerCase(), firstName: form.firstName });
    await harness.events.waitFor(IdentityEvents.userDeleted, (payload) => payload.userId === session.user.id && payload.deletedBy === session.user.id);
    const audit = await harness.database.query(`SELECT category, action_type, actor_user_id FROM identity.audit_logs WHERE target_id = $1`, [session.user.id]);
    expect(audit.rows).toContainEqual({ category: 'security_event', action_type: 'account_deleted_by_owner', actor_user_id: session.user.id });
  });

  it('leaves administrators to be closed by a super administrator', async () => {
    const { actor } = await signedInAdmin(harness, 'admin');
    expect(await failure(harness.client.as(actor).send(AccountClosureCommands.deleteOwnAccount, { password: 'whatever-1A!' }))).toMatchObject({ statusCode: 403 });
  });
});
