import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  AccountSecurityMessages,
  Actor,
  AuthMessages,
  AuthSession,
  IdentityCommands,
  IdentityEvents,
  isMfaChallenge,
  MfaChallenge,
  revokedSessionKey,
  SecuritySettings,
  SignInResult,
} from '@portal/contracts';
import { CreateAdmin } from '../admins/create-admin';
import { actorOf, confirmedCustomer, failure, IdentityHarness, queuedEvents, sessionOf, signedInAdmin, startIdentity, tokenOf, setSecuritySettings, withDataSource } from '../testing/identity-harness';

/** The code an authenticator app shows for the secret, `stepsAhead` periods from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A six-digit code that is not valid now (nor one step either side). */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  let code = 100000;
  while (valid.has(String(code))) code++;
  return String(code);
}

function challengeOf(result: SignInResult): MfaChallenge {
  if (!isMfaChallenge(result)) throw new Error('expected a two-factor challenge, but sign-in answered a session');
  return result;
}

describe('account security', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_account_security');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  let lastHost = 0;
  const anAddress = () => `203.0.113.${++lastHost}`;
  const signIn = (email: string, password: string, clientIp = anAddress(), userAgent = 'test-browser/1.0') =>
    harness.client.send(IdentityCommands.signIn, { email, password }, { clientIp, userAgent });
  const refresh = (refreshToken: string) => harness.client.send(IdentityCommands.refreshSession, { refreshToken });
  const as = (session: AuthSession) => ({ actor: actorOf(harness, session) });
  const auditActions = async (userId: string) =>
    (await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 ORDER BY created_at`, [userId])).rows.map((row: { action_type: string }) => row.action_type);
  /** Forgets the last accepted step, so a test can give several codes within one 30-second period. */
  const forgetUsedCodes = (userId: string) => harness.database.query('UPDATE identity.user_security SET totp_last_step = NULL WHERE user_id = $1', [userId]);
  const setSecurity = (value: Partial<SecuritySettings> | null) => setSecuritySettings(harness, value);

  /** A confirmed customer with two-factor on; returns the secret and the recovery codes. */
  async function customerWithTwoFactor() {
    const { form, session } = await confirmedCustomer(harness);
    const enrolment = await harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session));
    const enabled = await harness.client.send(IdentityCommands.confirmTwoFactor, { code: codeFor(enrolment.secret) }, as(session));
    await forgetUsedCodes(session.user.id);
    return { form, session, secret: enrolment.secret, recoveryCodes: enabled.recoveryCodes };
  }

  describe('changing the password', () => {
    it('refuses a wrong current password and changes nothing', async () => {
      const { form, session } = await confirmedCustomer(harness);
      const refused = await failure(harness.client.send(IdentityCommands.changePassword, { currentPassword: 'not-my-password', newPassword: 'a-new-secret-phrase' }, as(session)));
      expect(refused).toMatchObject({ statusCode: 400, message: AccountSecurityMessages.wrongCurrentPassword, code: 'wrong_current_password' });
      await expect(signIn(form.email, form.password)).resolves.toMatchObject({ user: { email: form.email } });
      expect(await failure(signIn(form.email, 'a-new-secret-phrase'))).toMatchObject({ statusCode: 401 });
      expect(await auditActions(session.user.id)).toContain('password_change_failed');
    });

    it('applies the sign-up rule to the new password, common passwords included', async () => {
      const { form, session } = await confirmedCustomer(harness);
      expect(await failure(harness.client.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'short' }, as(session)))).toMatchObject({
        statusCode: 400,
        message: 'Password must be at least 6 characters',
      });
      expect(await failure(harness.client.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'password123' }, as(session)))).toMatchObject({
        statusCode: 400,
        code: 'common_password',
        details: [{ field: 'newPassword', message: expect.stringContaining('too common') }],
      });
      await expect(signIn(form.email, form.password)).resolves.toMatchObject({ user: { email: form.email } });
    });

    it('ends every other session but keeps this one, emails the owner and audits the change', async () => {
      const { form, session } = await confirmedCustomer(harness);
      const other = sessionOf(await signIn(form.email, form.password));
      const result = await harness.client.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-new-secret-phrase' }, as(session));
      expect(result).toEqual({ changed: true, otherSessionsEnded: 1 });

      expect(await harness.redis.get(revokedSessionKey(actorOf(harness, other).sessionId))).toBe('password_changed');
      expect(await harness.redis.get(revokedSessionKey(actorOf(harness, session).sessionId))).toBeNull();
      expect(await failure(refresh(other.refreshToken))).toMatchObject({ statusCode: 401, code: 'session_ended' });
      await expect(refresh(session.refreshToken)).resolves.toMatchObject({ user: { id: session.user.id } });

      expect(await failure(signIn(form.email, form.password))).toMatchObject({ statusCode: 401 });
      await expect(signIn(form.email, 'a-new-secret-phrase')).resolves.toMatchObject({ user: { id: session.user.id } });
      expect(await queuedEvents(harness, IdentityEvents.passwordChanged, 'userId', session.user.id)).toEqual([expect.objectContaining({ via: 'change', email: form.email })]);
      expect(await auditActions(session.user.id)).toContain('password_changed');
    });

    it('voids the reset and email-change links sent before the change', async () => {
      const { form, session } = await confirmedCustomer(harness);
      await harness.client.send(IdentityCommands.requestPasswordReset, { email: form.email });
      const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (event) => event.email === form.email);
      const newEmail = `moved-${randomUUID().slice(0, 8)}@example.test`;
      await harness.client.send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password }, as(session));
      const move = await harness.events.waitFor(IdentityEvents.emailChangeRequested, (event) => event.newEmail === newEmail);

      await harness.client.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-new-secret-phrase' }, as(session));

      expect(await failure(harness.client.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password: 'someone-elses-choice' }))).toMatchObject({
        statusCode: 400,
        code: 'invalid_reset_link',
      });
      expect(await failure(harness.client.send(IdentityCommands.confirmEmailChange, { token: tokenOf(move.payload.confirmationUrl) }))).toMatchObject({
        statusCode: 400,
        code: 'email_change_invalid',
      });
      await expect(signIn(form.email, 'a-new-secret-phrase')).resolves.toMatchObject({ user: { email: form.email } });
    });
  });

  describe('two-factor sign-in', () => {
    it('enrols with a code from the new secret, keeps the secret encrypted and hands out ten recovery codes once', async () => {
      const { form, session } = await confirmedCustomer(harness);
      const enrolment = await harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session));
      expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Investment%20Portal:.+\?.*secret=[A-Z2-7]+/);
      expect(enrolment.otpauthUri).toContain(encodeURIComponent(form.email));

      const wrong = await failure(harness.client.send(IdentityCommands.confirmTwoFactor, { code: wrongCodeFor(enrolment.secret) }, as(session)));
      expect(wrong).toMatchObject({ statusCode: 400, message: AccountSecurityMessages.invalidCode });
      await expect(harness.client.send(IdentityCommands.getSecurityPreferences, {}, as(session))).resolves.toMatchObject({ twoFactorEnabled: false });

      const enabled = await harness.client.send(IdentityCommands.confirmTwoFactor, { code: codeFor(enrolment.secret) }, as(session));
      expect(enabled.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.recoveryCodes).size).toBe(10);
      await expect(harness.client.send(IdentityCommands.getSecurityPreferences, {}, as(session))).resolves.toMatchObject({ twoFactorEnabled: true });

      const stored = (await harness.database.query('SELECT totp_secret FROM identity.user_security WHERE user_id = $1', [session.user.id])).rows[0].totp_secret as string;
      expect(stored).not.toContain(enrolment.secret);
      const codes = (await harness.database.query('SELECT code_hash FROM identity.recovery_codes WHERE user_id = $1', [session.user.id])).rows.map((row: { code_hash: string }) => row.code_hash);
      expect(codes).toHaveLength(10);
      for (const code of enabled.recoveryCodes) expect(codes).not.toContain(code);

      expect(await failure(harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session)))).toMatchObject({ statusCode: 409, message: AccountSecurityMessages.alreadyEnabled });
      expect(await queuedEvents(harness, IdentityEvents.securityAlert, 'userId', session.user.id)).toEqual([expect.objectContaining({ kind: 'two_factor_enabled' })]);
      expect(await auditActions(session.user.id)).toEqual(expect.arrayContaining(['two_factor_code_failed', 'two_factor_enabled']));
    });

    it('asks for a code at sign-in, refuses a wrong one (audited and counted) and signs in with the right one', async () => {
      const { form, session, secret } = await customerWithTwoFactor();
      const address = anAddress();
      const challenge = challengeOf(await signIn(form.email, form.password, address));
      expect(challenge).toMatchObject({ mfaRequired: true, enrolmentRequired: false });
      expect(challenge).not.toHaveProperty('accessToken');

      const wrong = await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: wrongCodeFor(secret) }, { clientIp: address }));
      expect(wrong).toMatchObject({ statusCode: 400, message: AccountSecurityMessages.invalidCode });
      const failures = await harness.database.query(`SELECT count(*)::int AS n FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'two_factor_code_failed'`, [session.user.id]);
      expect(failures.rows[0].n).toBe(1);

      // Kept: a fresh codeFor() after the 30-second step rolls over is a different, unused code.
      const usedCode = codeFor(secret);
      const signedIn = await harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: usedCode }, { clientIp: address });
      expect(signedIn.user).toMatchObject({ id: session.user.id });
      expect(harness.verifyAccessToken(signedIn.accessToken)).toMatchObject({ sub: session.user.id });
      await expect(refresh(signedIn.refreshToken)).resolves.toMatchObject({ user: { id: session.user.id } });

      // The challenge is used up, and the same code is not accepted twice.
      expect(await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: usedCode }))).toMatchObject({ statusCode: 401, code: 'mfa_challenge_expired' });
      const again = challengeOf(await signIn(form.email, form.password, address));
      expect(await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: again.mfaToken, code: usedCode }, { clientIp: address }))).toMatchObject({ statusCode: 400 });
    });

    it('locks the second step like the password after the allowed number of wrong codes', async () => {
      const { form, secret } = await customerWithTwoFactor();
      const address = anAddress();
      for (let attempt = 1; attempt <= 5; attempt++) {
        const challenge = challengeOf(await signIn(form.email, form.password, address));
        expect(await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: wrongCodeFor(secret) }, { clientIp: address }))).toMatchObject({ statusCode: 400 });
      }
      // Five wrong codes count as five failed sign-ins: even the right password is refused from there now.
      expect(await failure(signIn(form.email, form.password, address))).toMatchObject({ statusCode: 429, message: 'Too many login attempts. Please try again later.' });
    });

    it('accepts a recovery code once', async () => {
      const { form, session, recoveryCodes } = await customerWithTwoFactor();
      const first = challengeOf(await signIn(form.email, form.password));
      const signedIn = await harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: first.mfaToken, code: recoveryCodes[0].toUpperCase() });
      expect(signedIn.user.id).toBe(session.user.id);
      const second = challengeOf(await signIn(form.email, form.password));
      expect(await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: second.mfaToken, code: recoveryCodes[0] }))).toMatchObject({
        statusCode: 400,
        message: AccountSecurityMessages.invalidCode,
      });
      await expect(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: second.mfaToken, code: recoveryCodes[1] })).resolves.toMatchObject({ user: { id: session.user.id } });
      expect(await auditActions(session.user.id)).toContain('recovery_code_used');
    });

    it('turns off only with a valid code, then sign-in needs the password alone', async () => {
      const { form, session, secret, recoveryCodes } = await customerWithTwoFactor();
      expect(await failure(harness.client.send(IdentityCommands.disableTwoFactor, { code: wrongCodeFor(secret) }, as(session)))).toMatchObject({ statusCode: 400, message: AccountSecurityMessages.invalidCode });
      expect(await failure(harness.client.send(IdentityCommands.disableTwoFactor, { code: 'zzzz-zzzz-zzzz' }, as(session)))).toMatchObject({ statusCode: 400 });
      expect(isMfaChallenge(await signIn(form.email, form.password))).toBe(true);

      await expect(harness.client.send(IdentityCommands.disableTwoFactor, { code: codeFor(secret) }, as(session))).resolves.toMatchObject({ twoFactorEnabled: false });
      await expect(signIn(form.email, form.password)).resolves.toMatchObject({ user: { id: session.user.id } });
      expect((await harness.database.query('SELECT count(*)::int AS n FROM identity.recovery_codes WHERE user_id = $1', [session.user.id])).rows[0].n).toBe(0);
      expect(recoveryCodes).toHaveLength(10);
      expect(await failure(harness.client.send(IdentityCommands.disableTwoFactor, { code: codeFor(secret) }, as(session)))).toMatchObject({ statusCode: 409, message: AccountSecurityMessages.notEnabled });
      expect(await auditActions(session.user.id)).toEqual(expect.arrayContaining(['two_factor_code_failed', 'two_factor_disabled']));
      const alerts = await queuedEvents(harness, IdentityEvents.securityAlert, 'userId', session.user.id);
      expect(alerts.map((alert) => alert.kind)).toEqual(expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled']));
    });

    describe('a challenge issued for a password that is no longer the account’s', () => {
      const expired = { statusCode: 401, code: 'mfa_challenge_expired', message: AccountSecurityMessages.challengeExpired };
      const complete = (mfaToken: string, code: string) => harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken, code });
      /** Resets the password from an emailed link, as someone who lost it (or who locks an intruder out) does. */
      const resetPassword = async (email: string, password: string) => {
        await harness.client.send(IdentityCommands.requestPasswordReset, { email });
        const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (event) => event.email === email.toLowerCase());
        await expect(harness.client.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password })).resolves.toEqual({ updated: true });
      };

      it('is refused after a password reset, even with a right code; the new password signs in', async () => {
        const { form, session, secret } = await customerWithTwoFactor();
        const before = challengeOf(await signIn(form.email, form.password));
        await resetPassword(form.email, 'a-reset-secret-phrase');

        expect(await failure(complete(before.mfaToken, codeFor(secret)))).toMatchObject(expired);
        // Void for good: not a wrong code that a second try could follow.
        expect(await failure(complete(before.mfaToken, codeFor(secret)))).toMatchObject(expired);
        expect((await harness.database.query('SELECT 1 FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [session.user.id])).rowCount).toBe(0);

        const after = challengeOf(await signIn(form.email, 'a-reset-secret-phrase'));
        await expect(complete(after.mfaToken, codeFor(secret))).resolves.toMatchObject({ user: { id: session.user.id } });
      });

      it('is refused after a password change, even with a right code', async () => {
        const { form, session, secret } = await customerWithTwoFactor();
        const before = challengeOf(await signIn(form.email, form.password));
        await harness.client.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-changed-phrase' }, as(session));

        expect(await failure(complete(before.mfaToken, codeFor(secret)))).toMatchObject(expired);
        const after = challengeOf(await signIn(form.email, 'a-changed-phrase'));
        await expect(complete(after.mfaToken, codeFor(secret))).resolves.toMatchObject({ user: { id: session.user.id } });
      });

      it('is refused while the account is suspended', async () => {
        const { form, session, secret } = await customerWithTwoFactor();
        const before = challengeOf(await signIn(form.email, form.password));
        const { actor: moderator } = await signedInAdmin(harness, 'moderator');
        await harness.client.as(moderator).send(IdentityCommands.suspendUser, { userId: session.user.id });

        expect(await failure(complete(before.mfaToken, codeFor(secret)))).toMatchObject({ statusCode: 403, code: 'account_suspended', message: AuthMessages.accountSuspended });
        expect((await harness.database.query('SELECT 1 FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [session.user.id])).rowCount).toBe(0);
      });

      it('an enrolment challenge is refused after a password reset: no secret handed out, no session', async () => {
        const email = `admin.${randomUUID().slice(0, 8)}@example.com`;
        await withDataSource(harness, (dataSource) => new CreateAdmin(dataSource).execute({ email, password: 'Admin#Pass2026', firstName: 'Grace', lastName: 'Hopper', adminRole: 'admin' }, { actor: null, source: 'cli' }));
        await setSecurity({ requireAdminMfa: true });
        try {
          const before = challengeOf(await signIn(email, 'Admin#Pass2026'));
          expect(before.enrolmentRequired).toBe(true);
          await resetPassword(email, 'Reset#Pass2026');

          expect(await failure(harness.client.send(IdentityCommands.startMfaSignInEnrolment, { mfaToken: before.mfaToken }))).toMatchObject(expired);
          expect(await failure(complete(before.mfaToken, '123456'))).toMatchObject(expired);
          const after = challengeOf(await signIn(email, 'Reset#Pass2026'));
          await expect(harness.client.send(IdentityCommands.startMfaSignInEnrolment, { mfaToken: after.mfaToken })).resolves.toMatchObject({ secret: expect.any(String) });
        } finally {
          await setSecurity(null);
        }
      });
    });

    it('sends an admin without two-factor through enrolment at sign-in when admins must use it', async () => {
      const email = `admin.${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Admin#Pass2026';
      await withDataSource(harness, (dataSource) => new CreateAdmin(dataSource).execute({ email, password, firstName: 'Grace', lastName: 'Hopper', adminRole: 'admin' }, { actor: null, source: 'cli' }));
      await setSecurity({ requireAdminMfa: true });
      try {
        const challenge = challengeOf(await signIn(email, password));
        expect(challenge.enrolmentRequired).toBe(true);
        // A customer is not affected.
        const { form } = await confirmedCustomer(harness);
        await expect(signIn(form.email, form.password)).resolves.toMatchObject({ user: { email: form.email } });

        const enrolment = await harness.client.send(IdentityCommands.startMfaSignInEnrolment, { mfaToken: challenge.mfaToken });
        expect(await failure(harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: wrongCodeFor(enrolment.secret) }))).toMatchObject({ statusCode: 400 });
        const session = await harness.client.send(IdentityCommands.completeMfaSignIn, { mfaToken: challenge.mfaToken, code: codeFor(enrolment.secret) });
        expect(session.user).toMatchObject({ email, userType: 'admin' });
        expect(session.recoveryCodes).toHaveLength(10);

        const next = challengeOf(await signIn(email, password));
        expect(next.enrolmentRequired).toBe(false);
        // While admins must use it, an admin cannot turn it off.
        await forgetUsedCodes(session.user.id);
        const actor: Actor = actorOf(harness, session);
        expect(await failure(harness.client.send(IdentityCommands.disableTwoFactor, { code: codeFor(enrolment.secret) }, { actor }))).toMatchObject({ statusCode: 409 });
      } finally {
        await setSecurity(null);
      }
    });
  });

  describe('the security setting', () => {
    it('locks an account on the fourth wrong password when maxFailedLogins is 3, without a restart', async () => {
      const { form } = await confirmedCustomer(harness);
      await setSecurity({ maxFailedLogins: 3 });
      try {
        const address = anAddress();
        for (let attempt = 1; attempt <= 3; attempt++) expect(await failure(signIn(form.email, `wrong-${attempt}`, address))).toMatchObject({ statusCode: 401 });
        expect(await failure(signIn(form.email, 'wrong-4', address))).toMatchObject({ statusCode: 429, message: 'Too many login attempts. Please try again later.' });
        expect(await failure(signIn(form.email, form.password, address))).toMatchObject({ statusCode: 429 });
      } finally {
        await setSecurity(null);
      }
    });

    it('keeps the default of five while the setting is not stored', async () => {
      const { form } = await confirmedCustomer(harness);
      const address = anAddress();
      for (let attempt = 1; attempt <= 5; attempt++) expect(await failure(signIn(form.email, `wrong-${attempt}`, address))).toMatchObject({ statusCode: 401 });
      expect(await failure(signIn(form.email, 'wrong-6', address))).toMatchObject({ statusCode: 429 });
    });

    it('refuses to renew a session unused for sessionIdleMinutes, or older than sessionAbsoluteHours', async () => {
      const { session: idle } = await confirmedCustomer(harness);
      const { session: old } = await confirmedCustomer(harness);
      const { session: fresh } = await confirmedCustomer(harness);
      await setSecurity({ sessionIdleMinutes: 10, sessionAbsoluteHours: 2 });
      try {
        await harness.database.query(`UPDATE identity.refresh_tokens SET created_at = now() - interval '11 minutes', session_started_at = now() - interval '11 minutes' WHERE user_id = $1`, [idle.user.id]);
        // Used a minute ago, but begun three hours ago.
        await harness.database.query(`UPDATE identity.refresh_tokens SET created_at = now() - interval '1 minute', session_started_at = now() - interval '3 hours' WHERE user_id = $1`, [old.user.id]);
        await harness.database.query(`UPDATE identity.refresh_tokens SET created_at = now() - interval '9 minutes', session_started_at = now() - interval '90 minutes' WHERE user_id = $1`, [fresh.user.id]);
        expect(await failure(refresh(idle.refreshToken))).toMatchObject({ statusCode: 401, code: 'session_ended' });
        expect(await failure(refresh(old.refreshToken))).toMatchObject({ statusCode: 401, code: 'session_ended' });
        const renewed = await refresh(fresh.refreshToken);
        // Renewal keeps the session's start: the absolute limit still counts from sign-in.
        const started = await harness.database.query(`SELECT session_started_at FROM identity.refresh_tokens WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [fresh.user.id]);
        expect(Date.now() - new Date(started.rows[0].session_started_at).getTime()).toBeGreaterThan(89 * 60_000);
        expect(renewed.user.id).toBe(fresh.user.id);
      } finally {
        await setSecurity(null);
      }
    });
  });

  describe('login alerts and the Security tab toggles', () => {
    it('emails a sign-in from a new browser or address while alerts are on, and not once they are off', async () => {
      const { form, session } = await confirmedCustomer(harness);
      const alerts = async () => (await queuedEvents(harness, IdentityEvents.securityAlert, 'userId', session.user.id)).filter((alert) => alert.kind === 'new_sign_in');
      await signIn(form.email, form.password, '198.51.100.200', 'browser-a');
      await signIn(form.email, form.password, '198.51.100.200', 'browser-a');
      expect(await alerts()).toHaveLength(0);
      await signIn(form.email, form.password, '198.51.100.201', 'browser-a');
      expect(await alerts()).toEqual([expect.objectContaining({ kind: 'new_sign_in', clientIp: '198.51.100.201', userAgent: 'browser-a' })]);

      await expect(harness.client.send(IdentityCommands.getSecurityPreferences, {}, as(session))).resolves.toEqual({ twoFactorEnabled: false, loginAlerts: true, biometricLogin: false });
      await expect(harness.client.send(IdentityCommands.updateSecurityPreferences, { loginAlerts: false, biometricLogin: true }, as(session))).resolves.toEqual({
        twoFactorEnabled: false,
        loginAlerts: false,
        biometricLogin: true,
      });
      await signIn(form.email, form.password, '198.51.100.202', 'browser-b');
      expect(await alerts()).toHaveLength(1);
      await expect(harness.client.send(IdentityCommands.getSecurityPreferences, {}, as(session))).resolves.toEqual({ twoFactorEnabled: false, loginAlerts: false, biometricLogin: true });
    });

    it('refuses toggles that are not true or false', async () => {
      const { session } = await confirmedCustomer(harness);
      expect(await failure(harness.client.send(IdentityCommands.updateSecurityPreferences, { loginAlerts: 'yes', biometricLogin: true } as never, as(session)))).toMatchObject({ statusCode: 400 });
    });
  });
});
