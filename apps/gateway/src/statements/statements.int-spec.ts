import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands, LedgerStatementCommands, MonthlyStatement, STATEMENT_MESSAGES } from '@portal/contracts';
import { adminActor, customerActor, sessionUser } from '../testing/builders';
import { FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const statement: MonthlyStatement = {
  platformName: 'Acme Invest',
  currency: 'EUR',
  month: '2026-04',
  period: { from: '2026-04-01', to: '2026-04-30' },
  toDate: false,
  generatedAt: '2026-05-02T09:30:00.000Z',
  openingBalance: '0.00',
  closingBalance: '1250.40',
  totalIn: '1250.40',
  totalOut: '0.00',
  lines: [{ date: '2026-04-05T12:00:00.000Z', reference: 'DEP-1', type: 'deposit', description: 'Bank deposit of 1250.40 EUR from First Bank', amount: '1250.40', balance: '1250.40' }],
  investments: [],
};

/** The answer with its body as bytes (supertest leaves a PDF unread otherwise). */
const download = (baseUrl: string, path: string, token: string) =>
  request(baseUrl)
    .get(path)
    .set('authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('GET /api/v1/statements/:month', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-statements', (started) => (gateway = started));

  it('answers the ledger’s statement of the caller as a PDF attachment named after the month', async () => {
    const actor = customerActor();
    const ledger = await gateway.respond(LedgerStatementCommands.monthlyStatement, () => statement);
    await gateway.respond(IdentityCommands.getCurrentUser, () => sessionUser({ id: actor.userId }));
    const response = await download(gateway.baseUrl, '/api/v1/statements/2026-04?currency=EUR', gateway.accessToken(actor));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-2026-04-EUR.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((response.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(ledger.requests).toHaveLength(1);
    expect(ledger.requests[0].payload).toEqual({ month: '2026-04', currency: 'EUR' });
    expect(ledger.requests[0].meta.actor).toMatchObject({ userId: actor.userId, userType: 'customer' });
  });

  it('still makes the statement when identity cannot name the customer', async () => {
    await gateway.respond(LedgerStatementCommands.monthlyStatement, () => statement);
    const response = await download(gateway.baseUrl, '/api/v1/statements/2026-04', gateway.accessToken(customerActor()));
    expect(response.status).toBe(200);
    expect((response.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('passes the ledger’s refusal of a month on as a 400 in the error envelope, and checks the currency itself', async () => {
    const token = gateway.accessToken(customerActor());
    const ledger = await gateway.respond(LedgerStatementCommands.monthlyStatement, () => {
      throw new FakeServiceError({ statusCode: 400, error: 'Bad Request', message: STATEMENT_MESSAGES.monthInFuture });
    });
    const future = await request(gateway.baseUrl).get('/api/v1/statements/2099-01').set('authorization', `Bearer ${token}`);
    expect(future.status).toBe(400);
    expect(future.headers['content-type']).toMatch(/^application\/json/);
    expect(future.body).toMatchObject({ statusCode: 400, message: STATEMENT_MESSAGES.monthInFuture });

    const currency = await request(gateway.baseUrl).get('/api/v1/statements/2026-04?currency=XYZ').set('authorization', `Bearer ${token}`);
    expect(currency.status).toBe(400);
    expect(ledger.requests).toHaveLength(1);
  });

  it('is for signed-in customers only', async () => {
    expect((await request(gateway.baseUrl).get('/api/v1/statements/2026-04')).status).toBe(401);
    expect((await request(gateway.baseUrl).get('/api/v1/statements/2026-04').set('authorization', `Bearer ${gateway.accessToken(adminActor())}`)).status).toBe(403);
  });
});
