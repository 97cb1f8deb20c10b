import { SignedInAccount, TestStack } from '@portal/testing';
import { adminOn, approvedDeposit, customerOn, useTestStack } from './journeys';

type Body = Record<string, unknown>;
const TOGGLES = { investments_enabled: true, withdrawals_enabled: true, new_registrations: true, email_notifications: true, kyc_verification: true, crypto_payments: true, bank_transfers: true, sms_notifications: false };

describe('System Settings over HTTP', () => {
  let stack: TestStack;
  let superAdmin: SignedInAccount;
  let customer: SignedInAccount;

  useTestStack(
    'api-system-settings',
    async (started) => {
      stack = started;
      superAdmin = await adminOn(stack);
      customer = await customerOn(stack, { firstName: 'Emmy', lastName: 'Noether' });
    },
    { timeoutMs: 180_000 },
  );

  const put = (account: SignedInAccount, key: string, value: unknown) => account.api.request<Body>('PUT', `/api/v1/admin/settings/${key}`, { value }, { 'content-type': 'application/json' });
  const withdraw = () => customer.api.post<Body>('/api/v1/withdrawals', { accountName: 'Emmy Noether', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '100', currency: 'USD' });
  /** Settings reach the ledger by event: the very next requests see it within moments, without a restart. */
  async function firstWithin<T>(attempt: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
    let answer = await attempt();
    for (let round = 0; round < 50 && !done(answer); round++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await attempt();
    }
    return answer;
  }

  it('lists the settings, validates a change, keeps its history and publishes the support contacts', async () => {
    const list = await superAdmin.api.get<{ items: { key: string; version: number }[] }>('/api/v1/admin/settings');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.key)).toEqual(expect.arrayContaining(['general', 'financial_limits', 'security', 'feature_toggles', 'admin_roles', 'biometric_verification_config']));

    expect(await put(superAdmin, 'platform_fees', { personal: 2.55, corporate: 2, gipp: 1.5 })).toMatchObject({ status: 400, body: { message: 'Invalid platform_fees: personal must be in steps of 0.1.' } });
    expect((await put(superAdmin, 'made_up', 1)).status).toBe(404);

    const general = { platformName: 'Investment Portal', supportEmail: 'help@example.com', supportPhone: '+65 6123 4567', phoneHours: 'Mon–Fri 9AM–5PM SGT', liveChatUrl: null, liveChatHours: '24/7', liveChatResponseTime: '2 minutes', emailResponseTime: 'Within 4 hours' };
    expect(await put(superAdmin, 'general', general)).toMatchObject({ status: 200, body: { key: 'general', value: general, updatedBy: superAdmin.user.id } });
    expect((await stack.api.get<{ support: Body }>('/api/v1/settings/public')).body.support).toMatchObject({ supportEmail: 'help@example.com', supportPhone: '+65 6123 4567' });
    const history = await superAdmin.api.get<{ items: Body[] }>('/api/v1/admin/settings/general/history');
    expect(history.body.items[0]).toMatchObject({ changedBy: superAdmin.user.id, value: general, previousValue: expect.objectContaining({ supportEmail: null }) });
  });

  it('refuses the next withdrawal as soon as withdrawals are switched off, with a clear message, and allows it again when on', async () => {
    await approvedDeposit(customer, superAdmin, 1000);

    expect((await put(superAdmin, 'feature_toggles', { ...TOGGLES, withdrawals_enabled: false })).status).toBe(200);
    const refused = await firstWithin(withdraw, (answer) => answer.status === 409);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Withdrawals are currently disabled.' } });

    expect((await put(superAdmin, 'feature_toggles', TOGGLES)).status).toBe(200);
    const allowed = await firstWithin(withdraw, (answer) => answer.status === 201);
    expect(allowed).toMatchObject({ status: 201, body: { status: 'pending' } });
  });

  it('lets a support admin answer tickets but refuses transactions and settings with 403; the audit log lists the changes', async () => {
    const support = await adminOn(stack, 'support');
    const ticket = await customer.api.post<Body>('/api/v1/support/tickets', { subject: 'Card', category: 'Payments', priority: 'low', message: 'Where is my card?' });
    expect(ticket.status).toBe(201);
    expect((await support.api.get('/api/v1/admin/support/tickets')).status).toBe(200);
    const answered = await support.api.request<Body>('PATCH', `/api/v1/admin/support/tickets/${ticket.body.id}`, { adminResponse: 'It is on its way.' }, { 'content-type': 'application/json' });
    expect(answered).toMatchObject({ status: 200, body: { adminResponse: 'It is on its way.' } });

    expect((await support.api.get('/api/v1/admin/transactions')).status).toBe(403);
    expect((await support.api.get('/api/v1/admin/settings')).status).toBe(403);
    expect((await support.api.get('/api/v1/admin/settings/general/history')).status).toBe(403);
    expect((await put(support, 'feature_toggles', TOGGLES)).status).toBe(403);
    expect((await customer.api.get('/api/v1/admin/settings')).status).toBe(403);
    expect((await stack.api.get('/api/v1/admin/settings')).status).toBe(401);
    expect((await support.api.get<Body>('/api/v1/admin/me/permissions')).body).toEqual({ adminRole: 'support', permissions: ['tickets', 'notifications'] });

    const audit = await superAdmin.api.get<{ items: { actionType: string; targetId: string | null; actorUserId: string | null }[] }>('/api/v1/admin/audit-logs?category=admin_action');
    const changes = audit.body.items.filter((item) => item.actionType === 'setting_updated');
    expect(changes.map((item) => item.targetId)).toEqual(expect.arrayContaining(['general', 'feature_toggles']));
    expect(changes.every((item) => item.actorUserId === superAdmin.user.id)).toBe(true);
  });
});
