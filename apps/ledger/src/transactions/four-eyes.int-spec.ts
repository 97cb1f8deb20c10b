import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { ServiceEnvironment } from '@portal/config';
import { Actor, ErrorBody, LedgerCommands, RequestWithdrawalPayload } from '@portal/contracts';
import { PlatformSettings, runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';
import { SAME_ADMIN_SECOND_APPROVAL } from './four-eyes';

jest.setTimeout(90_000);

const adminOf = (): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() });

describe('financial_limits: minimum withdrawal and four-eyes approval of large withdrawals', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;

  beforeAll(async () => {
    // Identity's settings: a $150 minimum and two approvals above $1,000.
    infrastructure = await startTestInfrastructure('ledger_four_eyes', {}, { platformSettings: [{ key: 'financial_limits', value: { minimumWithdrawal: 150, withdrawalRequiresKyc: false, fourEyesThreshold: 1000 }, version: 1 }] });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env });
    await service.get(PlatformSettings).loaded;
  });

  afterAll(async () => {
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const failure = (call: Promise<unknown>) => call.then(() => null, (error: { body: ErrorBody }) => error.body);
  const withdrawal = (amount: string): RequestWithdrawalPayload => ({ accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount, currency: 'USD' });

  async function fundedCustomer(amount: string): Promise<Actor> {
    const customer: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };
    const deposit = await client.as(customer).send(LedgerCommands.requestDeposit, { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    // Deposits never need two approvals, whatever the amount.
    expect(await client.as(adminOf()).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' })).toMatchObject({ status: 'completed' });
    return customer;
  }

  it('refuses a withdrawal below the configured minimum with the amount in the message', async () => {
    const customer = await fundedCustomer('5000');
    expect(await failure(client.as(customer).send(LedgerCommands.requestWithdrawal, withdrawal('120')))).toMatchObject({ statusCode: 400, message: 'Minimum withdrawal amount is $150.' });
    expect(await client.as(customer).send(LedgerCommands.requestWithdrawal, withdrawal('150'))).toMatchObject({ status: 'pending' });
  });

  it('keeps a withdrawal above the threshold pending after one approval, refuses the same admin twice, and pays on a second admin', async () => {
    const customer = await fundedCustomer('5000');
    const [first, second] = [adminOf(), adminOf()];
    const large = await client.as(customer).send(LedgerCommands.requestWithdrawal, withdrawal('2000'));

    const listed = async () => (await client.as(second).send(LedgerCommands.listTransactions, { q: large.reference })).items.find((item) => item.id === large.id);
    expect((await listed())?.approvals).toEqual({ given: 0, required: 2, approvedBy: [] });

    expect(await client.as(first).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'approve' })).toMatchObject({
      id: large.id,
      status: 'pending',
      approvals: { given: 1, required: 2, approvedBy: [first.userId] },
    });
    expect(await client.as(customer).send(LedgerCommands.getBalance, {})).toMatchObject({ available: '3000.00', held: '2000.00' });
    // The admin list says who approved, so the page can tell the first admin someone else must approve.
    expect((await listed())?.approvals).toEqual({ given: 1, required: 2, approvedBy: [first.userId] });
    // The customer's own view never carries the admins' approvals.
    expect(await client.as(customer).send(LedgerCommands.getTransaction, { id: large.id })).not.toHaveProperty('approvals');

    expect(await failure(client.as(first).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'approve' }))).toMatchObject({ statusCode: 409, message: SAME_ADMIN_SECOND_APPROVAL });
    expect(await client.as(customer).send(LedgerCommands.getTransaction, { id: large.id })).toMatchObject({ status: 'pending' });

    expect(await client.as(second).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'approve' })).toMatchObject({ id: large.id, status: 'completed' });
    expect(await client.as(customer).send(LedgerCommands.getBalance, {})).toMatchObject({ available: '3000.00', held: '0.00' });
    // Decided: no approvals left to give.
    expect(await listed()).not.toHaveProperty('approvals');
    expect(await failure(client.as(first).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'approve' }))).toMatchObject({ statusCode: 409 });
  });

  it('pays a withdrawal at or below the threshold on one approval, and lets one admin reject a large one', async () => {
    const customer = await fundedCustomer('5000');
    const small = await client.as(customer).send(LedgerCommands.requestWithdrawal, withdrawal('1000'));
    const [listedSmall] = (await client.as(adminOf()).send(LedgerCommands.listTransactions, { q: small.reference })).items;
    expect(listedSmall.approvals).toEqual({ given: 0, required: 1, approvedBy: [] });
    expect(await client.as(adminOf()).send(LedgerCommands.decideTransaction, { id: small.id, decision: 'approve' })).toMatchObject({ status: 'completed' });

    const large = await client.as(customer).send(LedgerCommands.requestWithdrawal, withdrawal('1500'));
    const approver = adminOf();
    await client.as(approver).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'approve' });
    expect(await client.as(adminOf()).send(LedgerCommands.decideTransaction, { id: large.id, decision: 'reject', reason: 'Suspicious' })).toMatchObject({ status: 'failed' });
    expect(await client.as(customer).send(LedgerCommands.getBalance, {})).toMatchObject({ available: '4000.00', held: '0.00' });
  });
});
