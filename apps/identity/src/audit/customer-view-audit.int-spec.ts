import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IdentityCommands } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

/** Issue 30: every read of the admin's customer view is recorded here first, and only about a customer. */
describe('recording a customer view', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_customer_view');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const recordView = (actor: ReturnType<typeof actorOf> | null, payload: object, meta: object = {}) =>
    harness.client.sendUnchecked(IdentityCommands.recordCustomerView, payload, { actor, ...meta });

  it('records who viewed which customer’s section, and names the customer for the banner', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const customerId = session.user.id;
    const { actor, input } = await signedInAdmin(harness, 'moderator');
    const ticketId = randomUUID();
    const recorded = await recordView(actor, { userId: customerId, section: 'ticket', ticketId }, { clientIp: '192.0.2.7', requestId: 'req-view-1', userAgent: 'Mozilla/5.0 (view)' });
    expect(recorded.customer).toEqual({ id: customerId, firstName: form.firstName, lastName: form.lastName, email: form.email.toLowerCase(), kycStatus: 'pending', userStatus: 'active', createdAt: expect.any(String) });

    const { actor: superAdmin } = await signedInAdmin(harness);
    const page = await harness.client.as(superAdmin).send(IdentityCommands.listAuditLogs, { actionType: 'customer_viewed', actorUserId: actor.userId });
    expect(page.items).toEqual([
      {
        id: recorded.id,
        category: 'admin_action',
        actionType: 'customer_viewed',
        actorUserId: actor.userId,
        actorEmail: input.email,
        targetType: 'user',
        targetId: customerId,
        description: "Viewed a customer's ticket (read only)",
        metadata: { section: 'ticket', ticketId, adminRole: 'moderator', userAgent: 'Mozilla/5.0 (view)', requestId: 'req-view-1' },
        clientIp: '192.0.2.7',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('refuses a role without the users permission, a customer and a suspended admin (403), an unknown account (404) and an admin’s (400), recording nothing', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = actorOf(harness, session);
    const { actor: support } = await signedInAdmin(harness, 'support');
    const { actor: suspended } = await signedInAdmin(harness, 'admin');
    await harness.database.query("UPDATE identity.users SET user_status = 'suspended' WHERE id = $1", [suspended.userId]);
    const { actor: admin } = await signedInAdmin(harness, 'admin');
    const view = { userId: customer.userId, section: 'balance' };

    expect(await failure(recordView(support, view))).toMatchObject({ statusCode: 403 });
    expect(await failure(recordView(customer, view))).toMatchObject({ statusCode: 403 });
    expect(await failure(recordView({ ...customer, userType: 'admin', adminRole: 'super_admin' }, view))).toMatchObject({ statusCode: 403 });
    expect(await failure(recordView(suspended, view))).toMatchObject({ statusCode: 403 });
    expect(await failure(recordView(admin, { userId: randomUUID(), section: 'balance' }))).toMatchObject({ statusCode: 404, code: 'user_not_found' });
    expect(await failure(recordView(admin, { userId: support.userId, section: 'balance' }))).toMatchObject({ statusCode: 400, code: 'customer_view_not_a_customer' });
    expect(await failure(recordView(admin, { userId: customer.userId, section: 'everything' }))).toMatchObject({ statusCode: 400 });

    const { rows } = await harness.database.query("SELECT count(*) FROM identity.audit_logs WHERE action_type = 'customer_viewed' AND actor_user_id = ANY($1::uuid[])", [
      [support.userId, customer.userId, suspended.userId, admin.userId],
    ]);
    expect(Number(rows[0].count)).toBe(0);
  });
});
