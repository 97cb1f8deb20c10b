import 'reflect-metadata';
import { Actor, AuthSession, IdentityCommands, IdentityEvents, revokedSessionKey } from '@portal/contracts';
import { TestServiceClient } from '@portal/testing';
import { hashPassword } from '../users/passwords';
import { actorOf, afterReplies, confirmedCustomer, failure, IdentityHarness, sessionOf, signedInAdmin, startIdentity, tokenOf } from '../testing/identity-harness';

/**
 * A refresh (or a sign-in) racing a revocation of the account's sessions: whatever the
 * interleaving, no refresh token issued during the race works once the revocation has
 * committed, not even after the account is re-activated.
 *
 * The dangerous interleaving is made to happen every time: the test holds a SHARE lock on
 * refresh_tokens, which lets reads and row locks through but stops every write to the table.
 * The refresh goes first and stops at its first write, holding what it has locked; then the
 * revocation starts and stops too (at its own write to refresh_tokens when nothing orders
 * it after the refresh, at the refresh's lock when something does); then both are let go.
 */
// Each test hashes passwords several times, some while others wait on locks it holds.
jest.setTimeout(120_000);

describe('sessions racing revocations', () => {
  let harness: IdentityHarness;
  let patient: TestServiceClient;
  let admin: Actor;

  beforeAll(async () => {
    harness = await startIdentity('identity_revocation_races', { REFRESH_REUSE_GRACE_SECONDS: '1' });
    // As patient as the gateway is with password checks: on a busy machine a hash queued
    // behind others can take longer than the harness client's 5 s, and identity drops work
    // whose caller has given up, so the race would never reach its locks.
    patient = await TestServiceClient.connect(harness.infrastructure.nats.url, 60_000, { env: harness.infrastructure.env });
    ({ actor: admin } = await signedInAdmin(harness, 'super_admin'));
  });

  afterAll(async () => {
    await patient?.close();
    await harness?.stop();
  });

  const refresh = (refreshToken: string) => patient.send(IdentityCommands.refreshSession, { refreshToken });
  const signIn = (email: string, password: string) => patient.send(IdentityCommands.signIn, { email, password }).then(sessionOf);
  const sessionIdOf = (session: AuthSession) => harness.verifyAccessToken(session.accessToken).sid;
  const as = (session: AuthSession) => ({ actor: actorOf(harness, session) });
  const sessionEnded = { statusCode: 401, code: 'session_ended' };

  /** How many other backends of this database wait for a lock (a retention clean-up does not count). */
  async function waitingForLocks(): Promise<number> {
    // Asked inside the transaction that holds the lock, where PostgreSQL would otherwise keep
    // showing the backends as they were at its first look (a pool connection opened since
    // would never count, and the test would wait for it in vain).
    await harness.database.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await harness.database.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query NOT ILIKE 'DELETE%'`,
    );
    return rows[0].n;
  }

  async function untilWaiting(count: number): Promise<void> {
    // Generous: a password change hashes twice before it reaches its lock, and on a busy CI
    // machine the hashing process (lower priority) may take seconds for each.
    const deadline = Date.now() + 60_000;
    while ((await waitingForLocks()) < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} statement(s) waiting for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Runs `first` until it waits to write a refresh token, then `second` until it waits too,
   * then lets both go; their outcomes (a refusal is an outcome, not an error).
   */
  async function interleave<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A | Error, B | Error]> {
    const settle = <T>(promise: Promise<T>) => promise.catch((error: Error) => error);
    await harness.database.query('BEGIN');
    let a: Promise<A | Error> | undefined;
    let b: Promise<B | Error> | undefined;
    try {
      await harness.database.query('LOCK TABLE identity.refresh_tokens IN SHARE MODE');
      a = settle(first());
      await untilWaiting(1);
      b = settle(second());
      await untilWaiting(2);
    } finally {
      await harness.database.query('COMMIT');
    }
    return Promise.all([a, b]);
  }

  async function liveTokensOf(userId: string): Promise<number> {
    const { rows } = await harness.database.query('SELECT count(*)::int AS n FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
    return rows[0].n;
  }

  it('a refresh racing a suspension: the rotated token is revoked and stays dead after the account is re-activated', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const [rotated, suspended] = await interleave(
      () => refresh(session.refreshToken),
      () => harness.client.as(admin).send(IdentityCommands.suspendUser, { userId: session.user.id, reason: 'Stolen session' }),
    );
    expect(suspended).toMatchObject({ userStatus: 'suspended' });
    // The refresh went first, so it was answered; what it issued is revoked with the rest.
    expect(rotated).toMatchObject({ refreshToken: expect.any(String) });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(session)))).toBe('suspended');

    await harness.client.as(admin).send(IdentityCommands.activateUser, { userId: session.user.id });
    expect(await failure(refresh((rotated as AuthSession).refreshToken))).toMatchObject(sessionEnded);
    expect(await failure(refresh(session.refreshToken))).toMatchObject(sessionEnded);

    const fresh = await signIn(form.email, form.password);
    await expect(refresh(fresh.refreshToken)).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('a refresh racing a password change that ends the other sessions: the rotated token is revoked', async () => {
    const { form, session: kept } = await confirmedCustomer(harness);
    const stolen = await signIn(form.email, form.password);
    const [rotated, changed] = await interleave(
      () => refresh(stolen.refreshToken),
      () => patient.send(IdentityCommands.changePassword, { currentPassword: form.password, newPassword: 'a-new-secret-phrase' }, as(kept)),
    );
    expect(changed).toEqual({ changed: true, otherSessionsEnded: 1 });
    expect(rotated).toMatchObject({ refreshToken: expect.any(String) });
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(stolen)))).toBe('password_changed');
    expect(await failure(refresh((rotated as AuthSession).refreshToken))).toMatchObject(sessionEnded);

    // The session that changed the password goes on; a fresh sign-in with the new one works.
    await expect(refresh(kept.refreshToken)).resolves.toMatchObject({ user: { id: kept.user.id } });
    const fresh = await signIn(form.email, 'a-new-secret-phrase');
    await expect(refresh(fresh.refreshToken)).resolves.toMatchObject({ user: { id: kept.user.id } });
  });

  it('a refresh racing a password reset: the rotated token is revoked', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await patient.send(IdentityCommands.requestPasswordReset, { email: form.email });
    await afterReplies(harness);
    const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.userId === session.user.id);
    const [rotated, updated] = await interleave(
      () => refresh(session.refreshToken),
      () => patient.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password: 'a-reset-secret-phrase' }),
    );
    expect(updated).toEqual({ updated: true });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(session)))).toBe('password_reset');
    expect(await failure(refresh((rotated as AuthSession).refreshToken))).toMatchObject(sessionEnded);
    await expect(signIn(form.email, 'a-reset-secret-phrase')).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('a refresh racing the sign-out of its session: the rotated token is revoked', async () => {
    const { session } = await confirmedCustomer(harness);
    const [rotated] = await interleave(
      () => refresh(session.refreshToken),
      () => patient.send(IdentityCommands.signOut, { refreshToken: session.refreshToken }),
    );
    expect(rotated).toMatchObject({ refreshToken: expect.any(String) });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(session)))).toBe('signed_out');
    expect(await failure(refresh((rotated as AuthSession).refreshToken))).toMatchObject(sessionEnded);
  });

  it('a sign-in racing a password reset: its session does not outlive the reset', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await patient.send(IdentityCommands.requestPasswordReset, { email: form.email });
    await afterReplies(harness);
    const reset = await harness.events.waitFor(IdentityEvents.passwordResetRequested, (payload) => payload.userId === session.user.id);
    const [signedIn, updated] = await interleave(
      () => signIn(form.email, form.password),
      () => patient.send(IdentityCommands.updatePassword, { token: tokenOf(reset.payload.resetUrl), password: 'a-reset-secret-phrase' }),
    );
    expect(updated).toEqual({ updated: true });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    if (!(signedIn instanceof Error)) expect(await failure(refresh(signedIn.refreshToken))).toMatchObject(sessionEnded);
  });

  it('a sign-in whose password was changed after it was checked gets no session', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const newHash = await hashPassword('changed-meanwhile-phrase');
    // The account row held as a password change holds it: the sign-in checks the old password, then waits to start its session.
    await harness.database.query('BEGIN');
    let refused: Promise<unknown> | undefined;
    try {
      await harness.database.query('SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE', [session.user.id]);
      // Settled at once, so that a failing test still ends the transaction below.
      refused = failure(signIn(form.email, form.password)).catch((error: Error) => error);
      await untilWaiting(1);
      await harness.database.query('UPDATE identity.users SET password_hash = $2 WHERE id = $1', [session.user.id, newHash]);
      await harness.database.query('UPDATE identity.refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [session.user.id]);
    } finally {
      await harness.database.query('COMMIT');
    }
    expect(await refused).toMatchObject({ statusCode: 401, code: 'invalid_credentials' });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    await expect(signIn(form.email, 'changed-meanwhile-phrase')).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('refreshes and suspensions started together, round after round: nothing a refresh issued survives', async () => {
    const { form, session } = await confirmedCustomer(harness);
    let current = session;
    const obtained: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const [rotated, suspended] = await Promise.all([
        refresh(current.refreshToken).catch((error: Error) => error),
        harness.client.as(admin).send(IdentityCommands.suspendUser, { userId: session.user.id }).catch((error: Error) => error),
      ]);
      // Either may go first; the suspension always goes through (no deadlock), the refresh may be refused.
      expect(suspended).toMatchObject({ userStatus: 'suspended' });
      if (!(rotated instanceof Error)) obtained.push(rotated.refreshToken);
      expect(await liveTokensOf(session.user.id)).toBe(0);
      await harness.client.as(admin).send(IdentityCommands.activateUser, { userId: session.user.id });
      current = await signIn(form.email, form.password);
    }
    for (const token of obtained) expect(await failure(refresh(token))).toMatchObject(sessionEnded);
    await expect(refresh(current.refreshToken)).resolves.toMatchObject({ user: { id: session.user.id } });
  }, 120_000);

  it('a sign-in whose account was suspended after its password was checked gets no session, and none appears on re-activation', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await harness.database.query('BEGIN');
    let refused: Promise<unknown> | undefined;
    try {
      await harness.database.query('SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE', [session.user.id]);
      refused = failure(signIn(form.email, form.password)).catch((error: Error) => error);
      await untilWaiting(1);
      await harness.database.query(`UPDATE identity.users SET user_status = 'suspended' WHERE id = $1`, [session.user.id]);
      await harness.database.query('UPDATE identity.refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [session.user.id]);
    } finally {
      await harness.database.query('COMMIT');
    }
    expect(await refused).toMatchObject({ statusCode: 403, code: 'account_suspended' });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    await harness.client.as(admin).send(IdentityCommands.activateUser, { userId: session.user.id });
    expect(await liveTokensOf(session.user.id)).toBe(0);
    await expect(signIn(form.email, form.password)).resolves.toMatchObject({ user: { id: session.user.id } });
  });
});
