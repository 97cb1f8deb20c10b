import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands, LedgerCommands } from '@portal/contracts';
import { customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const withdrawal = { accountName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000', bankName: 'Bank', bankBranchAddress: 'Main St 1', swiftCode: 'DEUTDEFF', amount: '250' };

describe('what needs a sign-in from the last 5 minutes', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-recent-sign-in', (started) => (gateway = started));

  const customer = customerActor();
  const withdraw = () => request(gateway.baseUrl).post('/api/v1/withdrawals').set('authorization', `Bearer ${gateway.accessToken(customer)}`).send(withdrawal);

  it('refuses a withdrawal whose session proved itself 6 minutes ago with 401 reauthentication_required, before anything reaches the ledger', async () => {
    const proofs = await gateway.proveSignIn(6);
    const ledger = await gateway.respond(LedgerCommands.requestWithdrawal, () => ({}));
    const response = await withdraw();
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'reauthentication_required', message: 'Please confirm it is you to continue.' });
    expect(ledger.requests).toHaveLength(0);
    // Identity is asked about the caller's own session.
    expect(proofs.requests[0].payload).toEqual({ userId: customer.userId, sessionId: customer.sessionId });
  });

  it('lets it through within the 5 minutes', async () => {
    await gateway.proveSignIn(4);
    const ledger = await gateway.respond(LedgerCommands.requestWithdrawal, () => ({}));
    expect((await withdraw()).status).toBe(201);
    expect(ledger.requests).toHaveLength(1);
  });

  it('refuses a session identity has no proof for', async () => {
    await gateway.respond(IdentityCommands.signInProof, () => ({ provedAt: null }));
    expect((await withdraw()).body).toMatchObject({ code: 'reauthentication_required' });
  });
});
