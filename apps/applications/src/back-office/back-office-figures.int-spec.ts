import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, ApplicationsBackOfficeCommands } from '@portal/contracts';
import { refusalOf as failure, ServiceUnderTest, startServiceUnderTest, TestServiceClient } from '@portal/testing';
import { ApplicationsModule } from '../applications.module';

jest.setTimeout(60_000);

const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'support', sessionId: randomUUID() };
const customer: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };

describe('applications figures for the back office', () => {
  let running: ServiceUnderTest;
  let client: TestServiceClient;
  const database = { query: (sql: string, parameters?: unknown[]) => running.database.query(sql, parameters) };

  beforeAll(async () => {
    running = await startServiceUnderTest({ label: 'applications_back_office', service: 'applications', module: (environment) => ApplicationsModule.register(environment) });
    client = running.client;
  });

  afterAll(async () => {
    await running?.stop();
  });

  const application = (type: string, status: string, submittedDaysAgo: number | null, amountMinor: number | null, currency = 'USD') =>
    database.query(
      `INSERT INTO applications.applications (id, user_id, application_type, status, investment_amount_minor, currency, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() - make_interval(days => $7::int) END)`,
      [randomUUID(), randomUUID(), type, status, amountMinor, currency, submittedDaysAgo],
    );
  const investment = (type: string) =>
    database.query(
      `INSERT INTO applications.investments (id, application_id, user_id, investment_type, amount_minor, currency, duration_months, expected_return_rate, expected_return_minor, fee_rate, fee_minor)
       VALUES ($1, $2, $3, $4, 100000, 'USD', 12, 15, 15000, 2.5, 2500)`,
      [randomUUID(), randomUUID(), randomUUID(), type],
    );
  const window = (fromDaysAgo: number) => ({ from: new Date(Date.now() - fromDaysAgo * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

  it('counts investments by type and the applications awaiting a decision, and reports the applications of a period', async () => {
    await application('personal', 'pending', 0, 1_000_000);
    await application('corporate', 'under_review', 2, 5_000_050);
    await application('gipp', 'approved', 20, 9_000_000);
    await application('personal', 'rejected', 1, 250_000, 'EUR');
    await application('personal', 'draft', null, 700_000);
    for (const type of ['personal', 'personal', 'corporate', 'gipp']) await investment(type);

    expect(await client.as({ ...admin, adminRole: 'admin' }).send(ApplicationsBackOfficeCommands.stats, {})).toEqual({ totalInvestments: 4, personal: 2, corporate: 1, gipp: 1, pendingApprovals: 2 });
    // Investment totals are for roles with the investments permission: not the support role.
    expect(await failure(client.as(admin).send(ApplicationsBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403 });

    const weekly = await client.as(admin).send(ApplicationsBackOfficeCommands.report, window(7));
    expect(weekly.submitted).toBe(3);
    expect(weekly.byType).toEqual([
      { label: 'corporate', count: 1 },
      { label: 'personal', count: 2 },
    ]);
    expect(weekly.byStatus).toEqual([
      { label: 'pending', count: 1 },
      { label: 'rejected', count: 1 },
      { label: 'under_review', count: 1 },
    ]);
    expect(weekly.requested).toEqual([
      { currency: 'EUR', amount: '2500.00' },
      { currency: 'USD', amount: '60000.50' },
    ]);
    expect(weekly.perDay.reduce((total, entry) => total + entry.count, 0)).toBe(3);

    const monthly = await client.as(admin).send(ApplicationsBackOfficeCommands.report, window(30));
    expect(monthly.submitted).toBe(4);
    expect(monthly.byType).toContainEqual({ label: 'gipp', count: 1 });
  });

  it('refuses a customer and a reversed window', async () => {
    expect(await failure(client.as(customer).send(ApplicationsBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403 });
    const now = new Date().toISOString();
    expect(await failure(client.as(admin).send(ApplicationsBackOfficeCommands.report, { from: now, to: '2020-01-01T00:00:00Z' }))).toMatchObject({ statusCode: 400, message: 'from must be before to' });
  });
});
