import 'reflect-metadata';
import { AuthMessages, AuthSession, IdentityCommands, IdentityEvents, revokedSessionKey } from '@portal/contracts';
import { revocationMarkKey } from '@portal/redis';
import { afterReplies, confirmedCustomer, failure, IdentityHarness, startIdentity, sessionOf, tokenOf } from '../testing/identity-harness';

describe('sessions', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_sessions', { REFRESH_REUSE_GRACE_SECONDS: '1' });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const refresh = (refreshToken: string) => harness.client.send(IdentityCommands.refreshSession, { refreshToken });
  const signOut = (refreshToken?: string) => harness.client.send(IdentityCommands.signOut, { refreshToken });
  const sessionIdOf = (session: AuthSession) => harness.verifyAccessToken(session.accessToken).sid;
  const sessionEnded = { statusCode: 401, code: 'session_ended', message: AuthMessages.sessionEnded };

  it('issues RS256 access tokens with the documented claims and lifetime', async () => {
    const { session } = await confirmedCustomer(harness);
    const claims = harness.verifyAccessToken(session.accessToken);
    expect(claims).toMatchObject({ sub: session.user.id, typ: 'customer', role: null, iss: 'portal-identity', aud: 'portal', sid: expect.any(String) });
    expect(claims.exp - claims.iat).toBe(900);
    expect(session.expiresIn).toBe(900);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await harness.database.query('SELECT token_hash FROM identity.refresh_tokens WHERE session_id = $1', [claims.sid]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(session.refreshToken);
  });

  it('rotates the refresh token on every use, within the same session', async () => {
    const { session } = await confirmedCustomer(harness);
    const second = await refresh(session.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(new Set([session.refreshToken, second.refreshToken, third.refreshToken]).size).toBe(3);
    expect(sessionIdOf(third)).toBe(sessionIdOf(session));
    expect(third.user).toEqual(session.user);
  });

  it('treats a rotated token presented again after the grace period as theft: the whole session ends, newest token too', async () => {
    const { session } = await confirmedCustomer(harness);
    const rotated = await refresh(session.refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);
    expect(await failure(refresh(rotated.refreshToken))).toMatchObject(sessionEnded);

    const audit = await harness.database.query(`SELECT action_type, metadata FROM identity.audit_logs WHERE target_id = $1`, [session.user.id]);
    // Both presentations after the theft was noticed are on record.
    expect(audit.rows).toEqual(Array(2).fill({ action_type: 'refresh_token_reused', metadata: expect.objectContaining({ sessionId: sessionIdOf(session) }) }));

    const key = revokedSessionKey(sessionIdOf(session));
    expect(await harness.redis.get(key)).not.toBeNull();
    const ttl = await harness.redis.ttl(key);
    expect(ttl).toBeGreaterThan(890);
    expect(ttl).toBeLessThanOrEqual(900);
  });

  it('refuses a token its session was signed out with, without calling it theft or replacing the reason given to the gateway', async () => {
    const { session } = await confirmedCustomer(harness);
    const current = await refresh(session.refreshToken);
    await signOut(current.refreshToken);
    const key = revokedSessionKey(sessionIdOf(session));
    expect(await harness.redis.get(key)).toBe('signed_out');

    expect(await failure(refresh(current.refreshToken))).toMatchObject(sessionEnded);
    expect(await harness.redis.get(key)).toBe('signed_out');
    const audit = await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'refresh_token_reused'`, [session.user.id]);
    expect(audit.rows).toEqual([]);

    // A token that was rotated is still reuse, signed out or not.
    expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);
    expect(await harness.redis.get(key)).toBe('refresh_token_reused');
  });

  it('marks a revoked session under its bucketed name and, for this release, the old one, both for an access token lifetime', async () => {
    const { session } = await confirmedCustomer(harness);
    await signOut(session.refreshToken);
    const keys = [revocationMarkKey(sessionIdOf(session)), revokedSessionKey(sessionIdOf(session))];
    expect(keys[0]).toMatch(/^auth:revoked-session:\{rev:\d+\}:/);
    for (const key of keys) {
      expect(await harness.redis.get(key)).toBe('signed_out');
      expect(await harness.redis.ttl(key)).toBeGreaterThan(890);
    }
  });

  it('refuses a token a password reset ended, keeping the reason "password_reset" and recording no theft', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await harness.client.send(IdentityCommands.requestPasswordReset, { email: form.email });
    await afterReplies(harness);
    const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.userId === session.user.id);
    await harness.client.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password: 'a-brand-new-phrase' });
    const key = revokedSessionKey(sessionIdOf(session));
    expect(await harness.redis.get(key)).toBe('password_reset');

    expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);
    expect(await harness.redis.get(key)).toBe('password_reset');
    const audit = await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'refresh_token_reused'`, [session.user.id]);
    expect(audit.rows).toEqual([]);
  });

  it('answers two simultaneous refreshes with one token with the same new pair, and the session goes on', async () => {
    const { session } = await confirmedCustomer(harness);
    const [first, second] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(second).toEqual(first);
    expect(first.refreshToken).not.toBe(session.refreshToken);
    await expect(refresh(first.refreshToken)).resolves.toMatchObject({ user: session.user });
  });

  it('keeps the repeated answer only for the holder of the old token, and only in Redis for seconds', async () => {
    const { session } = await confirmedCustomer(harness);
    const rotated = await refresh(session.refreshToken);
    const keys = await harness.redis.keys('identity:refresh-grace:*');
    const values = await Promise.all(keys.map((key) => harness.redis.get(key)));
    expect(values.join('')).not.toContain(rotated.refreshToken);
    const ttls = await Promise.all(keys.map((key) => harness.redis.ttl(key)));
    for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(1);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect(await failure(refresh('not-a-token-we-issued'))).toMatchObject(sessionEnded);
    expect(await failure(harness.client.send(IdentityCommands.refreshSession, {}))).toMatchObject(sessionEnded);

    const { session } = await confirmedCustomer(harness);
    await harness.database.query(`UPDATE identity.refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sessionIdOf(session)]);
    expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);
  });

  it('refuses to renew the session of a suspended account', async () => {
    const { session } = await confirmedCustomer(harness);
    await harness.database.query(`UPDATE identity.users SET user_status = 'suspended' WHERE id = $1`, [session.user.id]);
    expect(await failure(refresh(session.refreshToken))).toMatchObject({ statusCode: 403, message: AuthMessages.accountSuspended });
  });

  it('renews with the account as it is now', async () => {
    const { session } = await confirmedCustomer(harness);
    await harness.database.query(`UPDATE identity.users SET kyc_status = 'verified', first_name = 'Augusta' WHERE id = $1`, [session.user.id]);
    await expect(refresh(session.refreshToken)).resolves.toMatchObject({ user: { kycStatus: 'verified', firstName: 'Augusta' } });
  });

  describe('sign-out', () => {
    it('ends the session and marks it revoked for the gateway', async () => {
      const { session } = await confirmedCustomer(harness);
      const current = await refresh(session.refreshToken);
      await signOut(current.refreshToken);
      expect(await failure(refresh(current.refreshToken))).toMatchObject(sessionEnded);
      expect(await harness.redis.exists(revokedSessionKey(sessionIdOf(session)))).toBe(1);
    });

    it("leaves the same person's other sessions alone", async () => {
      const { form, session } = await confirmedCustomer(harness);
      const other = sessionOf(await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }, { clientIp: '192.0.2.10' }));
      await signOut(session.refreshToken);
      await expect(refresh(other.refreshToken)).resolves.toMatchObject({ user: { id: session.user.id } });
    });

    it('with only the access token, ends the session it belongs to (its refresh token and the token itself), never another person\'s', async () => {
      const { session } = await confirmedCustomer(harness);
      const victim = (await confirmedCustomer(harness)).session;
      const actorOf = (signedIn: AuthSession, sessionId = sessionIdOf(signedIn)) => ({ userId: signedIn.user.id, userType: 'customer' as const, adminRole: null, sessionId });
      // Someone naming another person's session in their own actor ends nothing of it.
      await harness.client.as(actorOf(session, sessionIdOf(victim))).send(IdentityCommands.signOutCurrentSession, {});
      await expect(refresh(victim.refreshToken)).resolves.toMatchObject({ user: { id: victim.user.id } });

      await harness.client.as(actorOf(session)).send(IdentityCommands.signOutCurrentSession, {});
      expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);
      expect(await harness.redis.get(revokedSessionKey(sessionIdOf(session)))).not.toBeNull();
      expect(await failure(harness.client.send(IdentityCommands.signOutCurrentSession, {}))).toMatchObject({ statusCode: 401 });
    });

    it('is idempotent and silent about tokens it does not know', async () => {
      const { session } = await confirmedCustomer(harness);
      await expect(signOut(session.refreshToken)).resolves.toBeUndefined();
      await expect(signOut(session.refreshToken)).resolves.toBeUndefined();
      await expect(signOut('never-issued')).resolves.toBeUndefined();
      await expect(signOut()).resolves.toBeUndefined();
    });
  });
});
