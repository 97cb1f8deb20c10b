import { randomUUID } from 'node:crypto';
import { connect, NatsConnection } from 'nats';
import { LedgerCommands } from '@portal/contracts';
import { natsAuthOptions, ServiceCallError, ServiceClient } from '@portal/messaging';
import { SignedInAccount, TestStack } from '@portal/testing';
import { customerAndAdmin, useTestStack } from './journeys';

type Body = Record<string, unknown>;

// Issue 34, commands that cannot be forged from the bus: a process holding a NATS login
// that may send ledger commands (the gateway's), but not the gateway's signing key, tries
// to approve a deposit as a super admin.
describe('a command forged on the bus', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;
  let forger: NatsConnection;

  useTestStack(
    'api-forged-commands',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack, { firstName: 'Mary', lastName: 'Jackson' }));
      forger = await connect({ servers: stack.env.NATS_URL as string, name: 'e2e-forger', ...(stack.natsLogins ? natsAuthOptions(stack.natsLogins.gateway) : {}) });
    },
    { timeoutMs: 180_000, beforeStop: () => forger?.close().catch(() => undefined) },
  );

  it('is refused by the ledger, changes nothing, and is in the audit log with the admin it claimed to be', async () => {
    const created = await customer.api.post<Body>('/api/v1/deposits', { method: 'bank', amount: 4000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }, { 'Idempotency-Key': randomUUID() });
    expect(created.status).toBe(201);
    const depositId = created.body.id as string;

    // The envelope names a real super admin, as the gateway would after checking a token.
    const claimed = { userId: admin.user.id as string, userType: 'admin' as const, adminRole: 'super_admin' as const, sessionId: randomUUID() };
    const unsigned = new ServiceClient(() => forger, 10_000, null);
    const refusal = await unsigned.send(LedgerCommands.decideTransaction, { id: depositId, decision: 'approve' }, { actor: claimed }).then(
      () => null,
      (error: unknown) => (error instanceof ServiceCallError ? error.body : error),
    );
    expect(refusal).toMatchObject({ statusCode: 401, code: 'command_signature_invalid' });

    const pending = await admin.api.get<{ items: Body[] }>('/api/v1/admin/transactions?type=deposit');
    expect(pending.body.items.find((item) => item.id === depositId)).toMatchObject({ status: 'pending' });
    expect((await customer.api.get<Body>('/api/v1/balance')).body).toMatchObject({ available: '0.00' });

    const deadline = Date.now() + 20_000;
    let record: Body | undefined;
    while (!record && Date.now() < deadline) {
      const logs = await admin.api.get<{ items: Body[] }>('/api/v1/admin/audit-logs?category=security_event');
      record = logs.body.items.find((item) => item.actionType === 'command_refused' && item.targetId === claimed.userId);
      if (!record) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(record).toMatchObject({
      targetType: 'user',
      description: `The ledger service refused a command to ${LedgerCommands.decideTransaction.subject} as an administrator (super_admin): it carried no signature`,
      metadata: expect.objectContaining({ service: 'ledger', refusal: 'unsigned' }),
    });

    // The admin's own approval, through the gateway, still goes through.
    expect((await admin.api.post(`/api/v1/admin/transactions/${depositId}/approve`)).status).toBe(200);
  });
});
