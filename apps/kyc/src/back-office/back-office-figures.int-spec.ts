import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, KycBackOfficeCommands } from '@portal/contracts';
import { refusalOf as failure, ServiceUnderTest, startServiceUnderTest, TestServiceClient } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'support', sessionId: randomUUID() };
const customer: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };

describe('kyc figures for the back office', () => {
  let running: ServiceUnderTest;
  let client: TestServiceClient;
  const database = { query: (sql: string, parameters?: unknown[]) => running.database.query(sql, parameters) };

  beforeAll(async () => {
    running = await startServiceUnderTest({ label: 'kyc_back_office', service: 'kyc', module: (environment) => KycModule.register(environment) });
    client = running.client;
  });

  afterAll(async () => {
    await running?.stop();
  });

  const profile = (status: string, updatedDaysAgo = 0) =>
    database.query(`INSERT INTO kyc.kyc_profiles (user_id, kyc_status, version, updated_at) VALUES ($1, $2, 1, now() - make_interval(days => $3))`, [randomUUID(), status, updatedDaysAgo]);
  const document = (status: string, reviewedDaysAgo: number | null, createdDaysAgo = 0) =>
    database.query(
      `INSERT INTO kyc.kyc_documents (id, user_id, document_type, file_id, status, reviewed_at, created_at)
       VALUES ($1, $2, 'id', $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(days => $5::int) END, now() - make_interval(days => $6))`,
      [randomUUID(), randomUUID(), randomUUID(), status, reviewedDaysAgo, createdDaysAgo],
    );
  const window = (fromDaysAgo: number) => ({ from: new Date(Date.now() - fromDaysAgo * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

  it('counts customers by KYC status and documents awaiting review, and reports the decisions of a period', async () => {
    for (const [status, daysAgo] of [['pending', 0], ['pending', 0], ['pending', 20], ['verified', 0], ['verified', 20], ['rejected', 2]] as const) await profile(status, daysAgo);
    await document('pending', null);
    await document('pending', null, 20);
    await document('approved', 1, 3);
    await document('rejected', 15, 16);

    expect(await client.as(admin).send(KycBackOfficeCommands.stats, {})).toEqual({ pending: 3, verified: 2, rejected: 1, documentsPending: 2 });

    const weekly = await client.as(admin).send(KycBackOfficeCommands.report, window(7));
    expect(weekly.outcomes).toEqual([
      { label: 'rejected', count: 1 },
      { label: 'verified', count: 1 },
    ]);
    expect(weekly.documentsSubmitted).toBe(2);
    expect(weekly.documentReviews).toEqual([{ label: 'approved', count: 1 }]);
    expect(weekly.perDay.reduce((total, entry) => total + entry.count, 0)).toBe(2);

    const monthly = await client.as(admin).send(KycBackOfficeCommands.report, window(30));
    expect(monthly.outcomes).toEqual([
      { label: 'rejected', count: 1 },
      { label: 'verified', count: 2 },
    ]);
    expect(monthly.documentsSubmitted).toBe(4);
    expect(monthly.documentReviews).toEqual([
      { label: 'approved', count: 1 },
      { label: 'rejected', count: 1 },
    ]);
  });

  it('refuses a customer and a reversed window', async () => {
    expect(await failure(client.as(customer).send(KycBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403 });
    const now = new Date().toISOString();
    expect(await failure(client.as(admin).send(KycBackOfficeCommands.report, { from: now, to: '2020-01-01T00:00:00Z' }))).toMatchObject({ statusCode: 400, message: 'from must be before to' });
  });
});
