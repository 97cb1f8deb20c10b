import 'reflect-metadata';
import request from 'supertest';
import { LedgerPerformanceCommands, PERFORMANCE_MESSAGES, PortfolioPerformance } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const performance: PortfolioPerformance = {
  currency: 'EUR',
  series: [
    { date: '2026-09-01', value: '10000.00', invested: '10000.00', accrued: '0.00' },
    { date: '2026-09-02', value: '10004.07', invested: '10000.00', accrued: '4.07' },
  ],
  timeWeightedReturn: '0.0004',
  moneyWeightedReturn: '0.0004',
  earningsToDate: '4.07',
};

describe('GET /api/v1/portfolio/performance', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-portfolio', (started) => (gateway = started));

  it('answers the ledger’s performance of the caller’s portfolio for the period asked', async () => {
    const actor = customerActor();
    const ledger = await gateway.respond(LedgerPerformanceCommands.portfolioPerformance, () => performance);
    const response = await request(gateway.baseUrl).get('/api/v1/portfolio/performance?from=2026-09-01&to=2026-09-02&currency=EUR').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(performance);
    expect(ledger.requests).toHaveLength(1);
    expect(ledger.requests[0].payload).toEqual({ from: '2026-09-01', to: '2026-09-02', currency: 'EUR' });
    expect(ledger.requests[0].meta.actor).toMatchObject({ userId: actor.userId, userType: 'customer' });

    // Without a query the ledger chooses: the last 90 days in USD.
    await request(gateway.baseUrl).get('/api/v1/portfolio/performance').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
    expect(ledger.requests[1].payload).toEqual({});
  });

  it('refuses a malformed day or currency itself, and passes the ledger’s refusal of a period on', async () => {
    const token = gateway.accessToken(customerActor());
    const ledger = await gateway.respond(LedgerPerformanceCommands.portfolioPerformance, () => {
      throw new FakeServiceError({ statusCode: 400, error: 'Bad Request', message: PERFORMANCE_MESSAGES.inFuture, code: 'performance_period_in_future' });
    });
    const malformed = await request(gateway.baseUrl).get('/api/v1/portfolio/performance?from=01.09.2026').set('authorization', `Bearer ${token}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, code: 'performance_date_invalid', message: PERFORMANCE_MESSAGES.dateInvalid, details: [{ field: 'from' }] });
    expect((await request(gateway.baseUrl).get('/api/v1/portfolio/performance?currency=XYZ').set('authorization', `Bearer ${token}`)).status).toBe(400);
    expect(ledger.requests).toHaveLength(0);

    const future = await request(gateway.baseUrl).get('/api/v1/portfolio/performance?to=2099-01-01').set('authorization', `Bearer ${token}`);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ statusCode: 400, code: 'performance_period_in_future', message: PERFORMANCE_MESSAGES.inFuture });
  });

  it('is for signed-in customers only', async () => {
    expect((await request(gateway.baseUrl).get('/api/v1/portfolio/performance')).status).toBe(401);
    expect((await request(gateway.baseUrl).get('/api/v1/portfolio/performance').set('authorization', `Bearer ${gateway.accessToken(adminActor())}`)).status).toBe(403);
  });
});
