import 'reflect-metadata';
import { IdentityBackOfficeCommands, IdentityCommands } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, signUp, startIdentity } from '../testing/identity-harness';

describe('identity figures for the back office', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_back_office');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const day = 86_400_000;
  const window = (fromDaysAgo: number) => ({ from: new Date(Date.now() - fromDaysAgo * day).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

  it('counts accounts by status and type, leaving deleted accounts out, and reports the new ones of a period', async () => {
    const { actor: admin } = await signedInAdmin(harness, 'support');
    await confirmedCustomer(harness);
    const suspended = await confirmedCustomer(harness);
    const old = await confirmedCustomer(harness);
    const deleted = await confirmedCustomer(harness);
    await signUp(harness); // e-mail not confirmed yet, but the account's status is active
    await harness.database.query(`UPDATE identity.users SET user_status = 'suspended' WHERE id = $1`, [suspended.session.user.id]);
    await harness.database.query(`UPDATE identity.users SET created_at = now() - interval '10 days' WHERE id = $1`, [old.session.user.id]);
    await harness.database.query(`UPDATE identity.users SET deleted_at = now() WHERE id = $1`, [deleted.session.user.id]);

    const stats = await harness.client.as(admin).send(IdentityBackOfficeCommands.stats, {});
    expect(stats).toEqual({ totalUsers: 5, active: 4, suspended: 1, pending: 0, customers: 4, admins: 1 });

    const weekly = await harness.client.as(admin).send(IdentityBackOfficeCommands.report, window(7));
    expect(weekly.newUsers).toBe(4);
    expect(weekly.byType).toEqual([
      { label: 'admin', count: 1 },
      { label: 'customer', count: 3 },
    ]);
    expect(weekly.byStatus).toEqual([
      { label: 'active', count: 3 },
      { label: 'suspended', count: 1 },
    ]);
    expect(weekly.perDay).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 4 }]);

    const monthly = await harness.client.as(admin).send(IdentityBackOfficeCommands.report, window(30));
    expect(monthly.newUsers).toBe(5);
    expect(monthly.perDay).toHaveLength(2);
  });

  it('refuses a customer, and a window that ends before it starts or is too long', async () => {
    const { session } = await confirmedCustomer(harness);
    expect(await failure(harness.client.as(actorOf(harness, session)).send(IdentityBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403 });
    const { actor: admin } = await signedInAdmin(harness);
    const now = new Date().toISOString();
    expect(await failure(harness.client.as(admin).send(IdentityBackOfficeCommands.report, { from: now, to: now }))).toMatchObject({ statusCode: 400, message: 'from must be before to' });
    expect(await failure(harness.client.as(admin).send(IdentityBackOfficeCommands.report, { from: '2020-01-01', to: '2026-01-01' }))).toMatchObject({
      statusCode: 400,
      message: 'A report covers at most 366 days',
    });
    expect(await failure(harness.client.as(admin).send(IdentityBackOfficeCommands.report, { from: 'yesterday', to: now } as never))).toMatchObject({ statusCode: 400 });
  });

  it('filters the audit log by actor, action and date, and pages beyond 100 records', async () => {
    const { actor: admin } = await signedInAdmin(harness);
    const { session } = await confirmedCustomer(harness);
    const customer = actorOf(harness, session);
    const record = (type: string, path: string, actor = customer) =>
      harness.client.sendUnchecked(IdentityCommands.recordSecurityEvent, { type, path, source: 'gateway' }, { actor }) as Promise<{ id: string }>;
    const startedAt = new Date().toISOString();
    for (let n = 0; n < 103; n++) await record('unauthorized_access', `/admin/page-${n}`);
    const other = await record('suspicious_activity', '/app/elsewhere', admin);
    const old = await record('suspicious_activity', '/app/long-ago', admin);
    await harness.database.query(`UPDATE identity.audit_logs SET created_at = now() - interval '40 days' WHERE id = $1`, [old.id]);
    const list = (payload: object) => harness.client.as(admin).send(IdentityCommands.listAuditLogs, payload);

    const byCustomer = await list({ actorUserId: customer.userId, limit: 100 });
    expect(byCustomer.total).toBe(103);
    expect(byCustomer.items).toHaveLength(100);
    expect(byCustomer.items.every((entry) => entry.actorUserId === customer.userId)).toBe(true);
    const rest = await list({ actorUserId: customer.userId, limit: 100, cursor: byCustomer.nextCursor });
    expect(rest.items).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...byCustomer.items, ...rest.items].map((entry) => entry.id)).size).toBe(103);

    const byAction = await list({ actionType: 'suspicious_activity', from: startedAt });
    expect(byAction.items.map((entry) => entry.id)).toEqual([other.id]);
    const before = await list({ actionType: 'suspicious_activity', to: new Date(Date.now() - 30 * 86_400_000).toISOString() });
    expect(before.items.map((entry) => entry.id)).toEqual([old.id]);
  });
});
