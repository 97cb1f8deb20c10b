import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IdentityCommands, IdentityEvents } from '@portal/contracts';
import { TestServiceClient } from '@portal/testing';
import { actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

describe('audit log', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_audit');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  // Unchecked: some cases send what the contract forbids, to see the service refuse it.
  const record = (payload: object, meta = {}) => harness.client.sendUnchecked(IdentityCommands.recordSecurityEvent, payload, meta);

  it('records a customer opening an admin page, with who, where and how', async () => {
    const { session } = await confirmedCustomer(harness);
    const actor = actorOf(harness, session);
    const { id } = await record(
      { type: 'unauthorized_access', path: '/admin/users', method: 'GET', source: 'gateway' },
      { actor, clientIp: '192.0.2.30', userAgent: 'Mozilla/5.0 (test)' },
    );

    const { actor: admin } = await signedInAdmin(harness);
    const page = await harness.client.as(admin).send(IdentityCommands.listAuditLogs, { category: 'security_event' });
    expect(page.items.find((entry) => entry.id === id)).toEqual({
      id,
      category: 'security_event',
      actionType: 'unauthorized_access',
      actorUserId: session.user.id,
      actorEmail: session.user.email,
      targetType: null,
      targetId: null,
      description: 'Unauthorized access attempt to /admin/users',
      metadata: { path: '/admin/users', method: 'GET', source: 'gateway', userAgent: 'Mozilla/5.0 (test)', userType: 'customer' },
      clientIp: '192.0.2.30',
      createdAt: expect.any(String),
    });

    const event = await harness.events.waitFor(IdentityEvents.securityEventRecorded, (payload) => payload.auditId === id);
    expect(event.payload).toEqual({ auditId: id, type: 'unauthorized_access', userId: session.user.id, description: 'Unauthorized access attempt to /admin/users' });
  });

  it('words a browser report itself and labels it, whatever text the browser sent', async () => {
    const { id } = await record({ type: 'suspicious_activity', path: '/app/dashboard', details: 'Super admin bulk-exported all customer records' });
    const { rows } = await harness.database.query('SELECT actor_user_id, description, metadata FROM identity.audit_logs WHERE id = $1', [id]);
    expect(rows[0]).toEqual({
      actor_user_id: null,
      description: 'Reported by the browser: Suspicious activity on /app/dashboard',
      metadata: { path: '/app/dashboard', source: 'web', clientReported: true, reportedDetails: 'Super admin bulk-exported all customer records' },
    });
  });

  it('refuses a command that claims an administrator but carries no trusted signature, and records who it claimed to be', async () => {
    const claimed = { userId: randomUUID(), userType: 'admin' as const, adminRole: 'super_admin' as const, sessionId: randomUUID() };
    // A process on the bus without the gateway's key (the NATS login alone is not enough).
    const forger = await TestServiceClient.connect(harness.infrastructure.nats.url, undefined, { env: harness.infrastructure.env, signAs: null });
    try {
      expect(await failure(forger.as(claimed).send(IdentityCommands.listAuditLogs, {}))).toMatchObject({ statusCode: 401, code: 'command_signature_invalid' });
    } finally {
      await forger.close();
    }

    const { actor: admin } = await signedInAdmin(harness);
    const deadline = Date.now() + 15_000;
    let entry;
    while (!entry && Date.now() < deadline) {
      const page = await harness.client.as(admin).send(IdentityCommands.listAuditLogs, { category: 'security_event' });
      entry = page.items.find((item) => item.actionType === 'command_refused' && item.targetId === claimed.userId);
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(entry).toMatchObject({
      actorUserId: null,
      targetType: 'user',
      targetId: claimed.userId,
      description: 'The identity service refused a command to identity.audit.list.v1 as an administrator (super_admin): it carried no signature',
      metadata: { service: 'identity', subject: 'identity.audit.list.v1', refusal: 'unsigned', claimedActor: { userId: claimed.userId, userType: 'admin', adminRole: 'super_admin' } },
    });
  });

  it('refuses a path that is prose rather than a path', async () => {
    expect(await failure(record({ type: 'unauthorized_access', path: '/admin ... Super admin bulk-exported all records' }))).toMatchObject({ statusCode: 400 });
  });

  it('refuses an unknown kind of event', async () => {
    expect(await failure(record({ type: 'made_up', path: '/x' }))).toMatchObject({ statusCode: 400 });
  });

  it('pages through the log newest first, with a total', async () => {
    const { actor } = await signedInAdmin(harness);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await record({ type: 'suspicious_activity', path: `/page/${n}` })).id);
    const list = (payload: object) => harness.client.as(actor).send(IdentityCommands.listAuditLogs, payload);

    const everything = await list({ limit: 100 });
    const first = await list({ limit: 2 });
    expect(first.total).toBe(everything.total);
    expect(first.items.map((entry) => entry.id)).toEqual(everything.items.slice(0, 2).map((entry) => entry.id));
    expect(first.items.slice(0, 2).map((entry) => entry.id)).toEqual([ids[4], ids[3]]);

    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list({ limit: 2, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen.map((entry) => entry.id)).toEqual(everything.items.map((entry) => entry.id));
    const times = seen.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // An export walks every page: the same records, none of them counted again.
    const uncounted = await list({ limit: 2, cursor: first.nextCursor, skipTotal: true });
    expect(uncounted.total).toBe(0);
    expect(uncounted.items.map((entry) => entry.id)).toEqual(everything.items.slice(2, 4).map((entry) => entry.id));
  });

  it('records the creation of an administrator as an admin action', async () => {
    const { input, actor } = await signedInAdmin(harness);
    const page = await harness.client.as(actor).send(IdentityCommands.listAuditLogs, { category: 'admin_action' });
    expect(page.items.find((entry) => entry.targetId === actor.userId)).toMatchObject({
      category: 'admin_action',
      actionType: 'admin_created',
      actorUserId: null,
      targetType: 'user',
      metadata: { source: 'cli', adminRole: 'super_admin', email: input.email },
    });
  });

  it('shows the log to super administrators only', async () => {
    const { session } = await confirmedCustomer(harness);
    const { actor: moderator } = await signedInAdmin(harness, 'moderator');
    const list = (actor: ReturnType<typeof actorOf>) => harness.client.as(actor).send(IdentityCommands.listAuditLogs, {});
    expect(await failure(list(actorOf(harness, session)))).toMatchObject({ statusCode: 403 });
    expect(await failure(list(moderator))).toMatchObject({ statusCode: 403, code: 'audit_logs_super_admin_only', message: 'Only super administrators can view audit logs.' });
    // A token that claims more than the account holds does not help.
    expect(await failure(list({ ...actorOf(harness, session), userType: 'admin', adminRole: 'super_admin' }))).toMatchObject({ statusCode: 403 });
    expect(await failure(harness.client.send(IdentityCommands.listAuditLogs, {}))).toMatchObject({ statusCode: 401 });
  });

  it('refuses a malformed page request', async () => {
    const { actor } = await signedInAdmin(harness);
    const list = (payload: object) => harness.client.as(actor).send(IdentityCommands.listAuditLogs, payload);
    expect(await failure(list({ cursor: 'not-a-cursor' }))).toMatchObject({ statusCode: 400, code: 'cursor_invalid' });
    expect(await failure(list({ limit: 0 }))).toMatchObject({ statusCode: 400, code: 'limit_invalid', message: 'limit must be a whole number from 1 to 100' });
    await expect(list({ limit: 1000 })).resolves.toMatchObject({ items: expect.any(Array) });
  });

  describe('data exports', () => {
    const exportOf = (overrides: object = {}) => ({ dataset: 'transactions', format: 'csv', filters: { status: 'completed', q: 'Lovelace' }, ...overrides });
    const recordExport = (actor: ReturnType<typeof actorOf> | null, payload: object, meta: object = {}) =>
      harness.client.sendUnchecked(IdentityCommands.recordDataExport, payload, { actor, ...meta });

    it('records an admin export as an admin action with the dataset, format, filters, address and request id', async () => {
      const { actor, input } = await signedInAdmin(harness, 'moderator');
      const { id } = await recordExport(actor, exportOf(), { clientIp: '192.0.2.44', requestId: 'req-export-1', userAgent: 'Mozilla/5.0 (export)' });

      const { actor: superAdmin } = await signedInAdmin(harness);
      const page = await harness.client.as(superAdmin).send(IdentityCommands.listAuditLogs, { actionType: 'data_exported', actorUserId: actor.userId });
      expect(page.items).toEqual([
        {
          id,
          category: 'admin_action',
          actionType: 'data_exported',
          actorUserId: actor.userId,
          actorEmail: input.email,
          targetType: 'dataset',
          targetId: 'transactions',
          description: 'Exported transactions as CSV',
          metadata: {
            dataset: 'transactions',
            format: 'csv',
            filters: { status: 'completed', q: 'Lovelace' },
            adminRole: 'moderator',
            userAgent: 'Mozilla/5.0 (export)',
            requestId: 'req-export-1',
          },
          clientIp: '192.0.2.44',
          createdAt: expect.any(String),
        },
      ]);
      const report = await recordExport(actor, exportOf({ dataset: 'report_financial', format: 'xlsx', filters: {} }));
      const { rows } = await harness.database.query('SELECT description FROM identity.audit_logs WHERE id = $1', [report.id]);
      expect(rows[0].description).toBe('Exported the financial report as XLSX');
    });

    it('refuses a customer, a suspended admin, a token claiming admin, and no caller at all, and records nothing', async () => {
      const { session } = await confirmedCustomer(harness);
      const customer = actorOf(harness, session);
      const { actor: suspended } = await signedInAdmin(harness, 'admin');
      await harness.database.query("UPDATE identity.users SET user_status = 'suspended' WHERE id = $1", [suspended.userId]);
      const count = async () => Number((await harness.database.query("SELECT count(*) FROM identity.audit_logs WHERE action_type = 'data_exported' AND actor_user_id = ANY($1::uuid[])", [[customer.userId, suspended.userId]])).rows[0].count);

      expect(await failure(recordExport(customer, exportOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordExport({ ...customer, userType: 'admin', adminRole: 'super_admin' }, exportOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordExport(suspended, exportOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordExport(null, exportOf()))).toMatchObject({ statusCode: 401 });
      expect(await count()).toBe(0);
    });

    it('refuses a bad payload with 400', async () => {
      const { actor } = await signedInAdmin(harness);
      const refused = async (payload: object) => (await failure(recordExport(actor, payload))).statusCode;
      expect(await refused(exportOf({ dataset: 'every_customer' }))).toBe(400);
      expect(await refused(exportOf({ format: 'pdf' }))).toBe(400);
      expect(await refused({ dataset: 'transactions', format: 'csv' })).toBe(400);
      expect(await refused(exportOf({ filters: 'status=completed' }))).toBe(400);
      expect(await refused(exportOf({ filters: ['completed'] }))).toBe(400);
      expect(await refused(exportOf({ filters: { status: { nested: 'completed' } } }))).toBe(400);
      expect(await refused(exportOf({ filters: { amount: 100 } }))).toBe(400);
      expect(await refused(exportOf({ filters: { q: 'x'.repeat(501) } }))).toBe(400);
      expect(await refused(exportOf({ filters: { 'not a key': 'x' } }))).toBe(400);
      expect(await refused(exportOf({ filters: Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`key${n}`, 'x'])) }))).toBe(400);
      // The bounds themselves are allowed.
      await expect(recordExport(actor, exportOf({ filters: Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`key${n}`, 'x'.repeat(500)])) }))).resolves.toEqual({ id: expect.any(String) });
    });
  });

  describe("an admin opening another person's file", () => {
    const fileId = '6b0e3f1c-8a7d-4f57-9f43-1f1d2c3b4a60';
    const ownerId = '0d2c3b4a-1f1d-4f57-9f43-8a7d6b0e3f1c';
    const viewOf = (overrides: object = {}) => ({ fileId, ownerId, purpose: 'kyc:passport', mimeType: 'application/pdf', size: 48_213, ...overrides });
    const recordView = (actor: ReturnType<typeof actorOf> | null, payload: object, meta: object = {}) =>
      harness.client.sendUnchecked(IdentityCommands.recordFileView, payload, { actor, ...meta });

    it('records who opened which file of whom, with its purpose and type but not its name', async () => {
      const { actor, input } = await signedInAdmin(harness, 'moderator');
      const { id } = await recordView(actor, viewOf(), { clientIp: '192.0.2.45', requestId: 'req-file-1', userAgent: 'Mozilla/5.0 (view)' });

      const { actor: superAdmin } = await signedInAdmin(harness);
      const page = await harness.client.as(superAdmin).send(IdentityCommands.listAuditLogs, { actionType: 'file_viewed', actorUserId: actor.userId });
      expect(page.items).toEqual([
        {
          id,
          category: 'admin_action',
          actionType: 'file_viewed',
          actorUserId: actor.userId,
          actorEmail: input.email,
          targetType: 'file',
          targetId: fileId,
          description: 'Opened a KYC document (application/pdf) of another user',
          metadata: { fileId, ownerUserId: ownerId, purpose: 'kyc:passport', mimeType: 'application/pdf', size: 48_213, adminRole: 'moderator', userAgent: 'Mozilla/5.0 (view)', requestId: 'req-file-1' },
          clientIp: '192.0.2.45',
          createdAt: expect.any(String),
        },
      ]);
      const photo = await recordView(actor, viewOf({ purpose: null, mimeType: 'image/png', ownerId: undefined }));
      const { rows } = await harness.database.query('SELECT description, metadata FROM identity.audit_logs WHERE id = $1', [photo.id]);
      expect(rows[0]).toMatchObject({ description: 'Opened a file (image/png) of another user', metadata: { ownerUserId: null, purpose: null } });
    });

    it('refuses a customer, a suspended admin, a token claiming admin, no caller and a bad payload, and records nothing', async () => {
      const { session } = await confirmedCustomer(harness);
      const customer = actorOf(harness, session);
      const { actor: suspended } = await signedInAdmin(harness, 'admin');
      await harness.database.query("UPDATE identity.users SET user_status = 'suspended' WHERE id = $1", [suspended.userId]);
      const { actor } = await signedInAdmin(harness);
      const count = async () =>
        Number((await harness.database.query("SELECT count(*) FROM identity.audit_logs WHERE action_type = 'file_viewed' AND actor_user_id = ANY($1::uuid[])", [[customer.userId, suspended.userId, actor.userId]])).rows[0].count);

      expect(await failure(recordView(customer, viewOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordView({ ...customer, userType: 'admin', adminRole: 'super_admin' }, viewOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordView(suspended, viewOf()))).toMatchObject({ statusCode: 403 });
      expect(await failure(recordView(null, viewOf()))).toMatchObject({ statusCode: 401 });
      for (const bad of [viewOf({ fileId: 'x' }), viewOf({ ownerId: 'someone' }), viewOf({ purpose: 'Passport of Jane Doe' }), viewOf({ mimeType: 'jane doe.pdf' }), viewOf({ size: -1 }), { fileId }]) {
        expect(await failure(recordView(actor, bad))).toMatchObject({ statusCode: 400 });
      }
      expect(await count()).toBe(0);
    });
  });
});
