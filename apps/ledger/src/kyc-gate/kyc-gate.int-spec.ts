import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { ServiceEnvironment } from '@portal/config';
import { Actor, ErrorBody, KYC_EVENTS_STREAM, KycEvents, LEDGER_MESSAGES, LedgerCommands, RequestWithdrawalPayload } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(90_000);

const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

describe('withdrawals gated on KYC (financial_limits.withdrawalRequiresKyc)', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;

  beforeAll(async () => {
    // Identity's settings: an admin switched the KYC requirement on.
    infrastructure = await startTestInfrastructure('ledger_kyc_gate', {}, { platformSettings: [{ key: 'financial_limits', value: { minimumWithdrawal: 100, withdrawalRequiresKyc: true }, version: 1 }] });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env });
    publisher = await EventPublisher.connect(infrastructure.nats.url);
  });

  afterAll(async () => {
    await publisher?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const withdrawal: RequestWithdrawalPayload = { accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '100.00', currency: 'USD' };
  const attempt = (actor: Actor) =>
    client
      .as(actor)
      .send(LedgerCommands.requestWithdrawal, withdrawal)
      .then(
        () => null,
        (error: { body: ErrorBody }) => error.body,
      );
  /** Tries until the answer is what the read model should now give (events arrive asynchronously). */
  async function until(actor: Actor, refused: boolean): Promise<ErrorBody | null> {
    let last = await attempt(actor);
    for (let round = 0; round < 100 && (last !== null) !== refused; round++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await attempt(actor);
    }
    return last;
  }
  const kycStatus = (userId: string, kyc: 'pending' | 'verified' | 'rejected', version: number) =>
    publisher.publish(KYC_EVENTS_STREAM, eventEnvelope(KycEvents.statusChanged, { userId, kycStatus: kyc, version, reason: null }));

  it('refuses a customer whose KYC is not verified, accepts once verified, and ignores an older status arriving late', async () => {
    const actor: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };
    const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, { method: 'bank', amount: '1000', currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' });

    expect(await until(actor, true)).toMatchObject({ statusCode: 403, message: LEDGER_MESSAGES.withdrawalRequiresKyc });
    await kycStatus(actor.userId, 'verified', 2);
    expect(await until(actor, false)).toBeNull();
    // The pending status of version 1, redelivered after the verification, changes nothing.
    await publisher.waitUntilHandled(KYC_EVENTS_STREAM, 'ledger', await kycStatus(actor.userId, 'pending', 1));
    expect(await attempt(actor)).toBeNull();
    await kycStatus(actor.userId, 'rejected', 3);
    expect(await until(actor, true)).toMatchObject({ statusCode: 403, message: LEDGER_MESSAGES.withdrawalRequiresKyc });
  });
});
