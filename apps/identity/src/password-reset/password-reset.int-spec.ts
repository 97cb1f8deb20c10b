import 'reflect-metadata';
import { AuthMessages, IdentityCommands, IdentityEvents, revokedSessionKey } from '@portal/contracts';
import {
  aCustomer,
  actorOf,
  afterReplies,
  answersWhileLocked,
  confirmedCustomer,
  failure,
  IdentityHarness,
  queuedEvents,
  signedInAdmin,
  signUp,
  startIdentity,
  TEST_WEB_URL,
  tokenOf,
  sessionOf,
} from '../testing/identity-harness';

describe('password reset', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_password_reset');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const requestReset = (email: string) => harness.client.send(IdentityCommands.requestPasswordReset, { email });
  const updatePassword = (token: string, password: string) => harness.client.send(IdentityCommands.updatePassword, { token, password });
  const signIn = (email: string, password: string) => harness.client.send(IdentityCommands.signIn, { email, password }, { clientIp: '192.0.2.20' }).then(sessionOf);
  /** Requests a reset and returns the token of the link that was emailed. */
  const resetToken = async (email: string) => {
    const before = harness.events.all(IdentityEvents.passwordResetRequested, (event) => event.email === email).length;
    await requestReset(email);
    const events = await harness.events.waitForCount(IdentityEvents.passwordResetRequested, (event) => event.email === email, before + 1);
    return tokenOf(events[before].payload.resetUrl);
  };

  it('always accepts the request, and emails a one-hour link only to an existing account', async () => {
    const unknown = aCustomer().email;
    await expect(requestReset(unknown)).resolves.toEqual({ accepted: true });
    await afterReplies(harness);
    expect(await queuedEvents(harness, IdentityEvents.passwordResetRequested, 'email', unknown)).toHaveLength(0);

    const { form } = await confirmedCustomer(harness);
    await expect(requestReset(form.email)).resolves.toEqual({ accepted: true });
    const event = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.email === form.email);
    expect(event.payload.resetUrl).toMatch(new RegExp(`^${TEST_WEB_URL}/auth/update-password\\?token=[A-Za-z0-9_-]{43}$`));
    const minutes = (Date.parse(event.payload.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('sends at most five links an hour to one address, silently', async () => {
    const { form } = await confirmedCustomer(harness);
    for (let request = 0; request < 7; request++) await expect(requestReset(form.email)).resolves.toEqual({ accepted: true });
    await afterReplies(harness);
    expect(await queuedEvents(harness, IdentityEvents.passwordResetRequested, 'email', form.email)).toHaveLength(5);
  });

  it('answers a registered address without waiting for its link, as quickly as an unknown one', async () => {
    // Were the link written before the answer, timing it would tell which addresses have accounts.
    const { form } = await confirmedCustomer(harness);
    expect(await answersWhileLocked(harness, 'identity.password_reset_tokens', () => requestReset(form.email))).toBe(true);
    // Issued all the same once the table is free again.
    await harness.events.waitFor(IdentityEvents.passwordResetRequested, (event) => event.email === form.email);
  });

  it('sets the new password once per link and ends every session of the account', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const second = await signIn(form.email, form.password);
    const token = await resetToken(form.email);

    await expect(updatePassword(token, 'a-brand-new-secret')).resolves.toEqual({ updated: true });

    expect(await failure(signIn(form.email, form.password))).toMatchObject({ statusCode: 401, message: AuthMessages.invalidCredentials });
    await expect(signIn(form.email, 'a-brand-new-secret')).resolves.toMatchObject({ user: { email: form.email } });
    for (const old of [session, second]) {
      expect(await failure(harness.client.send(IdentityCommands.refreshSession, { refreshToken: old.refreshToken }))).toMatchObject({ statusCode: 401, code: 'session_ended' });
      expect(await harness.redis.exists(revokedSessionKey(harness.verifyAccessToken(old.accessToken).sid))).toBe(1);
    }
    const changed = await harness.events.waitFor(IdentityEvents.passwordChanged, (event) => event.email === form.email);
    expect(changed.payload).toMatchObject({ userId: session.user.id, via: 'reset' });
    const audit = await harness.database.query(`SELECT action_type, description FROM identity.audit_logs WHERE target_id = $1 AND action_type LIKE 'password_reset%' ORDER BY created_at`, [session.user.id]);
    expect(audit.rows).toEqual([
      { action_type: 'password_reset_requested', description: 'A password reset link was requested' },
      { action_type: 'password_reset_completed', description: 'The password was reset from an emailed link; 2 session(s) ended' },
    ]);

    const reused = await failure(updatePassword(token, 'yet-another-secret'));
    expect(reused).toMatchObject({ statusCode: 400, code: 'invalid_reset_link', message: AuthMessages.invalidResetLink });
  });

  it('voids a change of email address asked for before the reset', async () => {
    // Whoever got in (a stolen session and password) asks to move the account to their mailbox;
    // the owner resets the password: the move must not go through afterwards.
    const { form, session } = await confirmedCustomer(harness);
    const intruderEmail = aCustomer().email;
    await harness.client.send(IdentityCommands.updateProfile, { email: intruderEmail, currentPassword: form.password }, { actor: actorOf(harness, session) });
    const moveLink = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (event) => event.newEmail === intruderEmail);

    await updatePassword(await resetToken(form.email), 'owner-took-it-back');

    expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(moveLink.payload.confirmationUrl) }))).toMatchObject({
      statusCode: 400,
      code: 'email_change_invalid',
    });
    await expect(signIn(form.email, 'owner-took-it-back')).resolves.toMatchObject({ user: { email: form.email } });
  });

  it('makes every older link of the account useless once one is used', async () => {
    const { form } = await confirmedCustomer(harness);
    const older = await resetToken(form.email);
    const newer = await resetToken(form.email);
    await updatePassword(newer, 'newer-link-secret');
    expect(await failure(updatePassword(older, 'older-link-secret'))).toMatchObject({ statusCode: 400, code: 'invalid_reset_link' });
  });

  it('refuses an expired or unknown link', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const token = await resetToken(form.email);
    await harness.database.query(`UPDATE identity.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [session.user.id]);
    expect(await failure(updatePassword(token, 'too-late-secret'))).toMatchObject({ statusCode: 400, message: AuthMessages.invalidResetLink });
    expect(await failure(updatePassword('never-issued', 'some-secret'))).toMatchObject({ statusCode: 400, message: AuthMessages.invalidResetLink });
  });

  it('validates the new password like sign-up does', async () => {
    const { form } = await confirmedCustomer(harness);
    const token = await resetToken(form.email);
    expect(await failure(updatePassword(token, 'short'))).toMatchObject({ statusCode: 400, message: 'Password must be at least 6 characters' });
    expect(await failure(updatePassword(token, 'iloveyou1'))).toMatchObject({ statusCode: 400, code: 'common_password' });
    expect(await failure(updatePassword(token, ''))).toMatchObject({ statusCode: 400, message: 'Password is required' });
    await expect(updatePassword(token, 'long-enough')).resolves.toEqual({ updated: true });
  });

  it('confirms the email of an account that had not confirmed it', async () => {
    const { form } = await signUp(harness);
    const token = await resetToken(form.email);
    await updatePassword(token, 'proved-the-mailbox');
    await expect(signIn(form.email, 'proved-the-mailbox')).resolves.toMatchObject({ user: { email: form.email } });
  });

  it('holds administrators to the admin password policy', async () => {
    const { input } = await signedInAdmin(harness, 'admin');
    const email = input.email;
    const token = await resetToken(email);

    const refused = await failure(updatePassword(token, 'alllowercase'));
    expect(refused).toMatchObject({ statusCode: 400, message: 'Password requirements not met' });
    expect(refused.details?.map((detail) => detail.message)).toEqual(['One uppercase letter', 'One number', 'One special character']);

    await expect(updatePassword(token, 'Better#Pass2')).resolves.toEqual({ updated: true });
    await expect(signIn(email, 'Better#Pass2')).resolves.toMatchObject({ user: { userType: 'admin', adminRole: 'admin' } });
  });
});
