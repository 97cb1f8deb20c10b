import 'reflect-metadata';
import { IdentityCommands, IdentityEvents, revokedSessionKey } from '@portal/contracts';
import type { StandIn } from '@portal/testing';
import { actorOf, confirmedCustomer, failure, IdentityHarness, personalRowsOf, signedInAdmin, startIdentity, sessionOf, withSecurityAndPreferences } from '../testing/identity-harness';
import { playLedgerBalances } from '../testing/played-ledger';

describe('account administration', () => {
  let harness: IdentityHarness;
  let ledger: StandIn;
  /** What the ledger (played here) holds per customer in USD; everyone else holds nothing. */
  const availableUsd = new Map<string, string>();

  beforeAll(async () => {
    harness = await startIdentity('account_administration');
    ledger = await playLedgerBalances(harness, (userId) => ({ available: availableUsd.get(userId) }));
  });

  afterAll(async () => {
    ledger?.unsubscribe();
    await harness?.stop();
  });

  const sessionIdOf = (accessToken: string) => harness.verifyAccessToken(accessToken).sid;

  it('suspends a customer: every session ends at once, marked for the gateway as suspended, and it is audited', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const second = sessionOf(await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }));
    const { actor } = await signedInAdmin(harness, 'moderator');

    const summary = await harness.client.as(actor).send(IdentityCommands.suspendUser, { userId: session.user.id, reason: 'Chargeback fraud' });
    expect(summary).toMatchObject({ id: session.user.id, userStatus: 'suspended' });

    for (const live of [session, second]) {
      expect(await harness.redis.get(revokedSessionKey(sessionIdOf(live.accessToken)))).toBe('suspended');
      expect(await failure(harness.client.send(IdentityCommands.refreshSession, { refreshToken: live.refreshToken }))).toMatchObject({ statusCode: 401 });
      // The browser's refresh after the suspension is no theft: the gateway still says "suspended".
      expect(await harness.redis.get(revokedSessionKey(sessionIdOf(live.accessToken)))).toBe('suspended');
    }
    expect((await harness.database.query(`SELECT 1 FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'refresh_token_reused'`, [session.user.id])).rowCount).toBe(0);
    expect(await failure(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }))).toMatchObject({ statusCode: 403, code: 'account_suspended' });
    const event = await harness.events.waitFor(IdentityEvents.userStatusChanged, (payload) => payload.userId === session.user.id);
    expect(event.payload).toMatchObject({ userStatus: 'suspended', changedBy: actor.userId });
    const audit = await harness.database.query(`SELECT action_type, actor_user_id, description, metadata FROM identity.audit_logs WHERE target_id = $1 AND category = 'admin_action'`, [session.user.id]);
    expect(audit.rows).toEqual([
      { action_type: 'user_suspended', actor_user_id: actor.userId, description: `Suspended ${form.email}: Chargeback fraud`, metadata: expect.objectContaining({ sessionsEnded: 2, before: { userStatus: 'active', adminRole: null } }) },
    ]);

    await expect(harness.client.as(actor).send(IdentityCommands.activateUser, { userId: session.user.id })).resolves.toMatchObject({ userStatus: 'active' });
    await expect(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('deletes an account for super admins only, ending its sessions as deleted', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    expect(await failure(harness.client.as(moderator).send(IdentityCommands.deleteUser, { userId: session.user.id }))).toMatchObject({ statusCode: 403 });

    const newEmail = `pending-${session.user.id.slice(0, 8)}@example.test`;
    await harness.client.as(actorOf(harness, session)).send(IdentityCommands.updateProfile, { email: newEmail, currentPassword: form.password });
    sessionOf(await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }, { clientIp: '198.51.100.4', userAgent: 'deleted-browser/2.0' }));
    await withSecurityAndPreferences(harness, session);
    const before = await personalRowsOf(harness, session.user.id);
    expect(before).toMatchObject({ refresh_tokens: 2, user_security: 1, known_sign_in_devices: 1, user_preferences: 1, email_change_tokens: 1 });
    expect(before.recovery_codes).toBeGreaterThan(0);

    const { actor } = await signedInAdmin(harness);
    await expect(harness.client.as(actor).send(IdentityCommands.deleteUser, { userId: session.user.id })).resolves.toEqual({ deleted: true });
    // No emailed link outlives the account, nor the new address one of them was for; nor its
    // sessions (revoked ones hold addresses and browsers), two-factor secret and recovery codes,
    // known devices or preferences. The audit trail stays.
    expect(await personalRowsOf(harness, session.user.id)).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(session.accessToken)))).toBe('deleted');
    // Closed and anonymised, the row kept so money records naming the id stay intact.
    const [closed] = (await harness.database.query('SELECT email, first_name, last_name, user_status, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(closed).toMatchObject({ email: `deleted-${session.user.id}@deleted.invalid`, first_name: 'Deleted', last_name: 'User', user_status: 'suspended', deleted_at: expect.any(Date) });
    expect(await failure(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }))).toMatchObject({ statusCode: 401 });
    expect((await harness.client.as(actor).send(IdentityCommands.lookupUsers, { userIds: [session.user.id] })).users).toEqual([]);
    expect((await harness.client.as(actor).send(IdentityCommands.listUsers, { q: 'deleted.invalid' })).total).toBe(0);
    await harness.events.waitFor(IdentityEvents.userDeleted, (payload) => payload.userId === session.user.id);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.deleteUser, { userId: session.user.id }))).toMatchObject({ statusCode: 404 });
  });

  it("changes an admin's role for super admins only, ending that admin's sessions so the new role applies", async () => {
    const { actor: superAdmin } = await signedInAdmin(harness);
    const { session: adminSession, actor: other } = await signedInAdmin(harness, 'admin');
    expect(await failure(harness.client.as(other).send(IdentityCommands.changeAdminRole, { userId: superAdmin.userId, adminRole: 'support' }))).toMatchObject({ statusCode: 403 });

    await expect(harness.client.as(superAdmin).send(IdentityCommands.changeAdminRole, { userId: other.userId, adminRole: 'support' })).resolves.toMatchObject({ adminRole: 'support' });
    expect(await harness.redis.get(revokedSessionKey(sessionIdOf(adminSession.accessToken)))).toBe('role_changed');
  });

  it('keeps administrators out of reach of non-super admins, and people without the users permission out entirely', async () => {
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    const { actor: admin } = await signedInAdmin(harness, 'admin');
    const { actor: support } = await signedInAdmin(harness, 'support');
    const { session } = await confirmedCustomer(harness);
    expect(await failure(harness.client.as(moderator).send(IdentityCommands.suspendUser, { userId: admin.userId }))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.as(support).send(IdentityCommands.suspendUser, { userId: session.user.id }))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.as(actorOf(harness, session)).send(IdentityCommands.suspendUser, { userId: session.user.id }))).toMatchObject({ statusCode: 403 });
  });

  it('refuses changes to your own account and changes that change nothing', async () => {
    const { actor } = await signedInAdmin(harness);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.suspendUser, { userId: actor.userId }))).toMatchObject({ statusCode: 409, code: 'own_account' });
    const { session } = await confirmedCustomer(harness);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.activateUser, { userId: session.user.id }))).toMatchObject({ statusCode: 409, code: 'account_status_unchanged', params: { status: 'active' } });
  });

  it('refuses to delete a customer who still holds money, and changes nothing', async () => {
    const { form, session } = await confirmedCustomer(harness);
    availableUsd.set(session.user.id, '250.00');
    const { actor } = await signedInAdmin(harness);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.deleteUser, { userId: session.user.id }))).toMatchObject({
      statusCode: 409,
      message: 'This customer still holds funds. Settle or withdraw the balance before deleting the account.',
    });
    const [row] = (await harness.database.query('SELECT email, deleted_at FROM identity.users WHERE id = $1', [session.user.id])).rows;
    expect(row).toEqual({ email: form.email.toLowerCase(), deleted_at: null });
    await expect(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('lists accounts for admins with the users permission: search by name or email, filters, pages with total and counts', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    const found = await harness.client.as(moderator).send(IdentityCommands.listUsers, { q: form.email.toUpperCase() });
    expect(found).toMatchObject({ total: 1, nextCursor: null, items: [{ id: session.user.id, userType: 'customer', userStatus: 'active', kycStatus: 'pending' }] });
    expect(found.counts.total).toBeGreaterThanOrEqual(2);
    expect(found.items[0].createdAt).toEqual(expect.any(String));
    const byName = await harness.client.as(moderator).send(IdentityCommands.listUsers, { q: `${form.firstName} ${form.lastName}`, userType: 'customer' });
    expect(byName.items.map((user) => user.id)).toContain(session.user.id);
    expect((await harness.client.as(moderator).send(IdentityCommands.listUsers, { q: form.email, status: 'suspended' })).total).toBe(0);
    expect((await harness.client.as(moderator).send(IdentityCommands.listUsers, { q: form.email, userType: 'admin' })).total).toBe(0);
    // Page by page, one a page: every admin once, newest first, each page with the total.
    const first = await harness.client.as(moderator).send(IdentityCommands.listUsers, { userType: 'admin', limit: 1 });
    expect(first.total).toBeGreaterThanOrEqual(2);
    const seen = [...first.items];
    for (let cursor = first.nextCursor; cursor; ) {
      const next = await harness.client.as(moderator).send(IdentityCommands.listUsers, { userType: 'admin', limit: 1, cursor });
      expect(next.total).toBe(first.total);
      seen.push(...next.items);
      cursor = next.nextCursor;
    }
    expect(seen.map((user) => user.id)).toHaveLength(first.total);
    expect(new Set(seen.map((user) => user.id)).size).toBe(first.total);
    expect(seen.map((user) => user.createdAt)).toEqual(seen.map((user) => user.createdAt).sort().reverse());
    expect(await failure(harness.client.as(moderator).send(IdentityCommands.listUsers, { cursor: 'not-a-cursor' }))).toMatchObject({ statusCode: 400, code: 'cursor_invalid' });
    const { actor: support } = await signedInAdmin(harness, 'support');
    expect(await failure(harness.client.as(support).send(IdentityCommands.listUsers, {}))).toMatchObject({ statusCode: 403 });
  });

  it('creates an admin with a role for super admins only, with the spec messages, audited and announced', async () => {
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    const email = `new-admin-${Date.now()}@example.test`;
    const form = { firstName: 'Ada', lastName: 'Admin', email, password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd', adminRole: 'moderator' };
    expect(await failure(harness.client.as(moderator).send(IdentityCommands.createAdmin, form))).toMatchObject({ statusCode: 403, code: 'create_admin_super_admin_only' });
    // A token claiming an admin does not help an account that is a customer's.
    const { session: customerSession } = await confirmedCustomer(harness);
    const posing = { ...actorOf(harness, customerSession), userType: 'admin' as const, adminRole: 'super_admin' as const };
    expect(await failure(harness.client.as(posing).send(IdentityCommands.createAdmin, form))).toMatchObject({
      statusCode: 403,
      code: 'create_admin_admins_only',
      message: 'Only administrators can create admin accounts',
    });
    const { actor } = await signedInAdmin(harness);
    expect(await failure(harness.client.as(actor).send(IdentityCommands.createAdmin, { ...form, confirmPassword: 'different' }))).toMatchObject({ statusCode: 400, message: 'Passwords do not match' });
    expect(await failure(harness.client.as(actor).send(IdentityCommands.createAdmin, { ...form, firstName: '' }))).toMatchObject({ statusCode: 400 });
    // No role is no account: never the most powerful role by default.
    const { adminRole: _left, ...withoutRole } = form;
    expect(await failure(harness.client.as(actor).send(IdentityCommands.createAdmin, withoutRole))).toMatchObject({
      statusCode: 400,
      message: 'Please choose a valid admin role',
      details: [{ field: 'adminRole', message: 'Please choose a valid admin role' }],
    });
    expect(await failure(harness.client.as(actor).send(IdentityCommands.createAdmin, { ...form, adminRole: 'owner' }))).toMatchObject({ statusCode: 400, message: 'Please choose a valid admin role' });
    expect((await harness.database.query('SELECT 1 FROM identity.users WHERE email = $1', [email])).rowCount).toBe(0);
    const created = await harness.client.as(actor).send(IdentityCommands.createAdmin, form);
    expect(created).toMatchObject({ email, userType: 'admin', adminRole: 'moderator' });
    expect(await failure(harness.client.as(actor).send(IdentityCommands.createAdmin, form))).toMatchObject({ statusCode: 409, message: 'An account with this email already exists' });
    await harness.events.waitFor(IdentityEvents.userRegistered, (payload) => payload.userId === created.id && payload.userType === 'admin');
    const audit = await harness.database.query(`SELECT action_type, actor_user_id FROM identity.audit_logs WHERE target_id = $1`, [created.id]);
    expect(audit.rows).toEqual([{ action_type: 'admin_created', actor_user_id: actor.userId }]);
  });
});
