import 'reflect-metadata';
import { AuthSession, IdentityCommands, IdentityEvents, revokedSessionKey, SessionList } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, queuedEvents, sessionOf, signedInAdmin, startIdentity, tokenOf } from '../testing/identity-harness';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('sessions and devices', () => {
  let harness: IdentityHarness;
  let lastHost = 0;

  beforeAll(async () => {
    harness = await startIdentity('identity_session_devices');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const anAddress = () => `198.51.100.${++lastHost}`;
  const signIn = async (email: string, password: string, userAgent: string, clientIp = anAddress()) =>
    sessionOf(await harness.client.send(IdentityCommands.signIn, { email, password }, { clientIp, userAgent }));
  const refresh = (session: AuthSession) => harness.client.send(IdentityCommands.refreshSession, { refreshToken: session.refreshToken });
  const as = (session: AuthSession) => ({ actor: actorOf(harness, session) });
  const sidOf = (session: AuthSession) => actorOf(harness, session).sessionId;
  const listOf = (session: AuthSession): Promise<SessionList> => harness.client.send(IdentityCommands.listMySessions, {}, as(session));
  const auditOf = async (userId: string) =>
    (
      await harness.database.query(`SELECT category, action_type, actor_user_id, metadata FROM identity.audit_logs WHERE target_id = $1 AND action_type LIKE '%session_ended%' ORDER BY created_at`, [
        userId,
      ])
    ).rows;

  /** A confirmed customer signed in from Firefox on Windows and from Safari on an iPhone (two more sessions). */
  async function customerOnTwoDevices() {
    const { form, session: confirmation } = await confirmedCustomer(harness);
    const laptopAddress = anAddress();
    const laptop = await signIn(form.email, form.password, FIREFOX_WINDOWS, laptopAddress);
    const phone = await signIn(form.email, form.password, SAFARI_IPHONE);
    return { form, confirmation, laptop, laptopAddress, phone, userId: laptop.user.id };
  }

  it('lists each live session once, newest activity first, with its device, address, first and last seen, marking the caller’s', async () => {
    const { confirmation, laptop, laptopAddress, phone } = await customerOnTwoDevices();
    // The laptop's session is renewed twice (as the browser does, through the gateway): still one session, seen last now, begun at sign-in.
    const renewLaptop = (session: AuthSession) => harness.client.send(IdentityCommands.refreshSession, { refreshToken: session.refreshToken }, { clientIp: laptopAddress, userAgent: FIREFOX_WINDOWS });
    const renewed = await renewLaptop(await renewLaptop(laptop));

    const { items } = await listOf(renewed);
    expect(items.map((item) => item.id)).toEqual([sidOf(laptop), sidOf(phone), sidOf(confirmation)]);
    expect(items[0]).toEqual({
      id: sidOf(laptop),
      current: true,
      userAgent: FIREFOX_WINDOWS,
      device: 'Firefox 133, Windows 10',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      address: laptopAddress,
    });
    expect(new Date(items[0].lastSeenAt).getTime()).toBeGreaterThan(new Date(items[0].createdAt).getTime());
    expect(items[1]).toMatchObject({ current: false, device: 'Safari 17, iOS 17.2, Apple iPhone' });
    expect(items.filter((item) => item.current)).toHaveLength(1);

    // Seen from the phone, the phone's is the current one.
    expect((await listOf(phone)).items.filter((item) => item.current).map((item) => item.id)).toEqual([sidOf(phone)]);
  });

  it('leaves out ended and expired sessions', async () => {
    const { confirmation, laptop, phone } = await customerOnTwoDevices();
    await harness.client.send(IdentityCommands.signOut, { refreshToken: confirmation.refreshToken });
    await harness.database.query(`UPDATE identity.refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sidOf(phone)]);
    expect((await listOf(laptop)).items.map((item) => item.id)).toEqual([sidOf(laptop)]);
  });

  it('ends one of the caller’s sessions at once: its refresh token is refused, its access tokens are marked revoked, and it is audited', async () => {
    const { laptop, phone, userId } = await customerOnTwoDevices();
    await expect(harness.client.send(IdentityCommands.endMySession, { sessionId: sidOf(phone) }, as(laptop))).resolves.toEqual({ ended: 1 });

    expect(await failure(refresh(phone))).toMatchObject({ statusCode: 401, code: 'session_ended' });
    expect(await harness.redis.get(revokedSessionKey(sidOf(phone)))).toBe('signed_out');
    expect((await listOf(laptop)).items.map((item) => item.id)).not.toContain(sidOf(phone));
    await expect(refresh(laptop)).resolves.toMatchObject({ user: { id: userId } });
    expect(await auditOf(userId)).toEqual([
      { category: 'security_event', action_type: 'session_ended', actor_user_id: userId, metadata: expect.objectContaining({ sessionId: sidOf(phone), device: 'Safari 17, iOS 17.2, Apple iPhone', by: 'owner' }) },
    ]);

    // Ended already: not found, and nothing more is recorded.
    expect(await failure(harness.client.send(IdentityCommands.endMySession, { sessionId: sidOf(phone) }, as(laptop)))).toMatchObject({ statusCode: 404, code: 'sign_in_session_not_found' });
    expect(await auditOf(userId)).toHaveLength(1);
  });

  it('ends every other session and keeps the caller’s, auditing each ending', async () => {
    const { confirmation, laptop, phone, userId } = await customerOnTwoDevices();
    await expect(harness.client.send(IdentityCommands.endMyOtherSessions, {}, as(laptop))).resolves.toEqual({ ended: 2 });

    for (const other of [confirmation, phone]) {
      expect(await failure(refresh(other))).toMatchObject({ statusCode: 401, code: 'session_ended' });
      expect(await harness.redis.get(revokedSessionKey(sidOf(other)))).toBe('signed_out');
    }
    expect(await harness.redis.get(revokedSessionKey(sidOf(laptop)))).toBeNull();
    expect((await listOf(laptop)).items).toEqual([expect.objectContaining({ id: sidOf(laptop), current: true })]);
    expect((await auditOf(userId)).map((row) => row.metadata.sessionId).sort()).toEqual([sidOf(confirmation), sidOf(phone)].sort());
    // Nothing else to end.
    await expect(harness.client.send(IdentityCommands.endMyOtherSessions, {}, as(laptop))).resolves.toEqual({ ended: 0 });
  });

  it('cannot end another user’s session: not found, and that session goes on', async () => {
    const mine = await customerOnTwoDevices();
    const theirs = await customerOnTwoDevices();
    expect(await failure(harness.client.send(IdentityCommands.endMySession, { sessionId: sidOf(theirs.phone) }, as(mine.laptop)))).toMatchObject({
      statusCode: 404,
      code: 'sign_in_session_not_found',
      message: 'This session has already ended or does not exist.',
    });
    await expect(refresh(theirs.phone)).resolves.toMatchObject({ user: { id: theirs.userId } });
    expect(await harness.redis.get(revokedSessionKey(sidOf(theirs.phone)))).toBeNull();
    expect(await auditOf(theirs.userId)).toEqual([]);
    // Nor list them: the list is the caller's own.
    expect((await listOf(mine.laptop)).items.map((item) => item.id)).not.toContain(sidOf(theirs.phone));
  });

  it('lets an admin with the users permission see a customer’s sessions and end one, audited with the admin as actor', async () => {
    const { phone, laptop, userId } = await customerOnTwoDevices();
    const moderator = await signedInAdmin(harness, 'moderator');
    const listed = await harness.client.send(IdentityCommands.listUserSessions, { userId }, { actor: moderator.actor });
    expect(listed.items.map((item) => item.id)).toContain(sidOf(phone));
    expect(listed.items.every((item) => !item.current)).toBe(true);

    await expect(harness.client.send(IdentityCommands.endUserSession, { userId, sessionId: sidOf(phone) }, { actor: moderator.actor })).resolves.toEqual({ ended: 1 });
    expect(await failure(refresh(phone))).toMatchObject({ statusCode: 401, code: 'session_ended' });
    expect(await harness.redis.get(revokedSessionKey(sidOf(phone)))).toBe('signed_out');
    expect(await auditOf(userId)).toEqual([
      { category: 'admin_action', action_type: 'user_session_ended', actor_user_id: moderator.actor.userId, metadata: expect.objectContaining({ sessionId: sidOf(phone), by: 'admin' }) },
    ]);

    // A session of another account under this user's id is not found; a support admin (no users permission) and a customer are refused.
    const stranger = await customerOnTwoDevices();
    expect(await failure(harness.client.send(IdentityCommands.endUserSession, { userId, sessionId: sidOf(stranger.phone) }, { actor: moderator.actor }))).toMatchObject({ statusCode: 404 });
    const support = await signedInAdmin(harness, 'support');
    expect(await failure(harness.client.send(IdentityCommands.listUserSessions, { userId }, { actor: support.actor }))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.send(IdentityCommands.endUserSession, { userId, sessionId: sidOf(laptop) }, { actor: support.actor }))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.send(IdentityCommands.listUserSessions, { userId: stranger.userId }, as(laptop)))).toMatchObject({ statusCode: 403 });
    await expect(refresh(laptop)).resolves.toMatchObject({ user: { id: userId } });
  });

  it('keeps an administrator’s sessions to super admins', async () => {
    const target = await signedInAdmin(harness, 'support');
    const moderator = await signedInAdmin(harness, 'moderator');
    const superAdmin = await signedInAdmin(harness, 'super_admin');
    expect(await failure(harness.client.send(IdentityCommands.listUserSessions, { userId: target.actor.userId }, { actor: moderator.actor }))).toMatchObject({ statusCode: 403 });
    const listed = await harness.client.send(IdentityCommands.listUserSessions, { userId: target.actor.userId }, { actor: superAdmin.actor });
    expect(listed.items.map((item) => item.id)).toEqual([target.actor.sessionId]);
    await expect(harness.client.send(IdentityCommands.endUserSession, { userId: target.actor.userId, sessionId: target.actor.sessionId }, { actor: superAdmin.actor })).resolves.toEqual({ ended: 1 });
    expect(await failure(refresh(target.session))).toMatchObject({ statusCode: 401 });
  });

  it('sends a sign-in from a new device a single-use link that ends that session', async () => {
    const { form, laptop } = await customerOnTwoDevices();
    // The laptop's browser from another address: a new pair, so an alert with a link.
    const stranger = await signIn(form.email, form.password, CHROME_LINUX);
    const alerts = (await queuedEvents(harness, IdentityEvents.securityAlert, 'userId', laptop.user.id)).filter((alert) => alert.kind === 'new_sign_in');
    const alert = alerts[alerts.length - 1];
    expect(alert).toMatchObject({ userAgent: CHROME_LINUX, endSessionUrl: expect.stringMatching(/^http:\/\/portal\.test\/auth\/end-session\?token=[A-Za-z0-9_-]{43}$/) });
    const token = tokenOf(alert.endSessionUrl as string);

    await expect(harness.client.send(IdentityCommands.endSessionFromLink, { token }, { clientIp: '203.0.113.250' })).resolves.toEqual({ ended: true });
    expect(await failure(refresh(stranger))).toMatchObject({ statusCode: 401, code: 'session_ended' });
    expect(await harness.redis.get(revokedSessionKey(sidOf(stranger)))).toBe('signed_out');
    await expect(refresh(laptop)).resolves.toMatchObject({ user: { id: laptop.user.id } });
    expect(await auditOf(laptop.user.id)).toEqual([
      { category: 'security_event', action_type: 'session_ended_from_email', actor_user_id: null, metadata: expect.objectContaining({ sessionId: sidOf(stranger), by: 'email_link' }) },
    ]);

    // Used once: the same link again, or one that is no link of ours, is refused.
    const invalid = { statusCode: 400, code: 'session_end_link_invalid' };
    expect(await failure(harness.client.send(IdentityCommands.endSessionFromLink, { token }))).toMatchObject(invalid);
    expect(await failure(harness.client.send(IdentityCommands.endSessionFromLink, { token: 'not-a-link-we-sent' }))).toMatchObject(invalid);
    expect(await failure(harness.client.send(IdentityCommands.endSessionFromLink, {} as never))).toMatchObject({ statusCode: 400 });
  });

  it('refuses an expired link and ends nothing', async () => {
    const { form, laptop } = await customerOnTwoDevices();
    const stranger = await signIn(form.email, form.password, CHROME_LINUX);
    const alerts = (await queuedEvents(harness, IdentityEvents.securityAlert, 'userId', laptop.user.id)).filter((alert) => alert.kind === 'new_sign_in');
    const token = tokenOf(alerts[alerts.length - 1].endSessionUrl as string);
    await harness.database.query(`UPDATE identity.session_end_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sidOf(stranger)]);
    expect(await failure(harness.client.send(IdentityCommands.endSessionFromLink, { token }))).toMatchObject({ statusCode: 400, code: 'session_end_link_invalid' });
    await expect(refresh(stranger)).resolves.toMatchObject({ user: { id: laptop.user.id } });
  });
});
