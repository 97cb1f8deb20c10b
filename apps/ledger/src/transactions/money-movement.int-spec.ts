import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import {
  Actor,
  APPLICATIONS_EVENTS_STREAM,
  ApplicationsEvents,
  bankDetailsMessage,
  ErrorBody,
  IDENTITY_EVENTS_STREAM,
  IdentityCommands,
  IdentityEvents,
  LEDGER_EVENTS_STREAM,
  INVESTMENT_MESSAGES,
  LEDGER_MESSAGES,
  LedgerCommands,
  LedgerEvents,
  RequestWithdrawalPayload,
  UserSummary,
} from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient, refusalOf as failure, answerCommand, StandIn } from '@portal/testing';
import { LedgerModule } from '../ledger.module';
import { approvedDeposit, publishApproval } from '../testing/approvals-and-deposits';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };
const moderator: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'moderator', sessionId: randomUUID() };

describe('money movement on the double-entry ledger', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;
  let ledgerEvents: StreamRecorder;
  let database: Client;
  let identityStandIn: StandIn[];
  const people = new Map<string, UserSummary>();

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger_money', {}, { platformSettings: 'answered-elsewhere' });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    // Identity owns people and settings; this stand-in answers the three requests the ledger makes of it.
    const answer = (subject: string, reply: (payload: Record<string, unknown>) => unknown) => answerCommand(client.connection, subject, reply);
    identityStandIn = [
      answer(IdentityCommands.getAllSettings.subject, () => ({ items: [{ key: 'crypto_wallets', value: { bitcoin: 'bc1qexamplewalletaddress0000000000000000', ethereum: null }, version: 1 }] })),
      answer(IdentityCommands.lookupUsers.subject, (payload) => ({ users: (payload.userIds as string[]).flatMap((id) => (people.has(id) ? [people.get(id)] : [])) })),
      answer(IdentityCommands.findUserIds.subject, (payload) => ({
        userIds: [...people.values()].filter((person) => `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(String(payload.q).toLowerCase())).map((person) => person.id),
        nextAfterId: null,
      })),
    ];
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env });
    publisher = await EventPublisher.connect(infrastructure.nats.url);
    ledgerEvents = await StreamRecorder.open(client.connection, LEDGER_EVENTS_STREAM);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await ledgerEvents?.close();
    identityStandIn?.forEach((subscription) => subscription.unsubscribe());
    await publisher?.close();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const known = (actor: Actor, firstName = 'Ada', lastName = 'Lovelace') => {
    people.set(actor.userId, { id: actor.userId, email: `${firstName.toLowerCase()}-${actor.userId.slice(0, 6)}@example.test`, firstName, lastName, userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'verified' });
    return actor;
  };

  const bankDeposit = (amount: string | number, currency: 'USD' | 'EUR' = 'USD') => ({ method: 'bank' as const, amount, currency, accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
  const withdrawal = (overrides: Partial<RequestWithdrawalPayload> = {}): RequestWithdrawalPayload => ({
    accountName: 'Ada Lovelace',
    accountNumber: '12345678',
    bankName: 'First Bank',
    bankBranchAddress: '1 Main St',
    swiftCode: 'DEUTDEFF',
    amount: '100.00',
    currency: 'USD',
    ...overrides,
  });

  async function funded(amount: string): Promise<Actor> {
    const actor = known(customer());
    await approvedDeposit(client, actor, admin, amount, 'USD');
    return actor;
  }
  const balanceOf = (actor: Actor) => client.as(actor).send(LedgerCommands.getBalance, {});
  /** An investment approved for the customer (applications' approval event with its terms), opened by the ledger: its id. */
  async function approvedInvestment(actor: Actor, amount: string, options: { type?: 'personal' | 'corporate' | 'gipp'; currency?: 'USD' | 'EUR' } = {}): Promise<string> {
    const { investmentId } = await publishApproval(publisher, {
      userId: actor.userId,
      reviewedBy: admin.userId,
      submittedAt: new Date().toISOString(),
      applicationType: options.type,
      terms: { amount, currency: options.currency ?? 'USD', durationMonths: 6, expectedReturnRate: '15.00', expectedReturnAmount: '0.00', feeRate: '0.00', feeAmount: '0.00' },
    });
    return investmentId;
  }
  const expectCleanBook = async () => {
    const report = await client.as(admin).send(LedgerCommands.checkLedger, {});
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
  };

  /** A settings change as identity announces it; each one newer than every change before it. */
  let settingVersion = 1_000;
  const changeSetting = (key: string, value: unknown) =>
    publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key, value, version: ++settingVersion, changedBy: admin.userId }));
  const refusalOrNull = (reply: Promise<unknown>) => reply.then(() => null, (error: { body: ErrorBody }) => error.body);
  /** Settings reach the ledger as events: asks again until the answer is the expected one (or gives the last). */
  async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
    let answer = await ask();
    for (let attempt = 0; attempt < 100 && !done(answer); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await ask();
    }
    return answer;
  }
  /**
   * A customer whose deposits the application gate blocks: their deposit is refused after the
   * rail and currency checks, so its refusal shows which settings the ledger applies, and it
   * never moves money however often it is asked.
   */
  async function gatedProbe(): Promise<Actor> {
    const probe = customer();
    const event = eventEnvelope(ApplicationsEvents.submitted, {
      applicationId: randomUUID(),
      userId: probe.userId,
      applicationType: 'personal',
      submittedAt: new Date().toISOString(),
      fullName: 'Probe Person',
      email: 'probe@example.test',
      investmentAmount: '10000.00',
    });
    await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, event));
    return probe;
  }
  const probeRefusal = (probe: Actor, method: 'bank' | 'crypto', currency: 'USD' | 'EUR' = 'USD') =>
    refusalOrNull(client.as(probe).send(LedgerCommands.requestDeposit, method === 'bank' ? bankDeposit('10', currency) : { method: 'crypto', amount: '10', currency }));

  describe('deposits', () => {
    it('creates a pending DEP- deposit that credits available only when an admin approves it', async () => {
      const actor = known(customer());
      const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('5000'));
      expect(deposit).toMatchObject({ type: 'deposit', status: 'pending', amount: '5000.00', currency: 'USD', method: 'bank', reference: expect.stringMatching(/^DEP-\d+-/) });
      expect((await balanceOf(actor)).available).toBe('0.00');
      await ledgerEvents.waitFor(LedgerEvents.depositRequested, (payload) => payload.transactionId === deposit.id);

      const approved = await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' });
      expect(approved.status).toBe('completed');
      expect(await balanceOf(actor)).toMatchObject({ available: '5000.00', held: '0.00' });
      const completed = await ledgerEvents.waitFor(LedgerEvents.depositCompleted, (payload) => payload.transactionId === deposit.id);
      expect(completed.payload).toMatchObject({ userId: actor.userId, amount: '5000.00', currency: 'USD', status: 'completed', reference: deposit.reference });
      const audit = await ledgerEvents.waitFor(LedgerEvents.auditRecorded, (payload) => payload.targetId === deposit.id);
      expect(audit.payload).toMatchObject({ category: 'admin_action', actionType: 'deposit_approved', actor: { userId: admin.userId } });
      expect(await failure(client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'reject', reason: 'Too late' }))).toMatchObject({ statusCode: 409 });
      await expectCleanBook();
    });

    it('marks a rejected deposit failed and credits nothing', async () => {
      const actor = known(customer());
      const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('250.50'));
      const rejected = await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'reject', reason: 'Funds never arrived' });
      expect(rejected).toMatchObject({ status: 'failed', reason: 'Funds never arrived' });
      expect((await balanceOf(actor)).available).toBe('0.00');
      await ledgerEvents.waitFor(LedgerEvents.depositRejected, (payload) => payload.transactionId === deposit.id && payload.reason === 'Funds never arrived');
    });

    it('gives the balance in the asked currency and lists the other currencies held, unconverted', async () => {
      const actor = await funded('300');
      const euros = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('1250.40', 'EUR'));
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: euros.id, decision: 'approve' });
      expect(await client.as(actor).send(LedgerCommands.getBalance, { currency: 'EUR' })).toMatchObject({
        currency: 'EUR',
        available: '1250.40',
        otherCurrencies: [{ currency: 'USD', amount: '300.00' }],
      });
      expect(await balanceOf(actor)).toMatchObject({ currency: 'USD', available: '300.00', otherCurrencies: [{ currency: 'EUR', amount: '1250.40' }] });
      // Currencies never held are not listed.
      expect((await client.as(actor).send(LedgerCommands.getBalance, { currency: 'GBP' })).otherCurrencies.map((entry) => entry.currency)).toEqual(['EUR', 'USD']);
    });

    it('sends crypto deposits to the wallet address of the settings', async () => {
      const actor = known(customer());
      const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, { method: 'crypto', amount: 100 });
      expect(deposit).toMatchObject({ method: 'crypto', methodLabel: 'Crypto Transfer', details: { bankName: 'Bitcoin Network', bankAddress: 'bc1qexamplewalletaddress0000000000000000', cryptocurrency: 'BTC' } });
    });

    it('refuses a deposit without amount or bank details with the spec messages', async () => {
      const actor = customer();
      expect(await failure(client.as(actor).sendUnchecked(LedgerCommands.requestDeposit, { ...bankDeposit('0') }))).toMatchObject({ statusCode: 400, message: LEDGER_MESSAGES.depositAmount });
      expect(await failure(client.as(actor).sendUnchecked(LedgerCommands.requestDeposit, { ...bankDeposit('10'), bankName: '  ' }))).toMatchObject({ statusCode: 400, message: LEDGER_MESSAGES.missingFields });
      expect(await failure(client.as(admin).send(LedgerCommands.requestDeposit, bankDeposit('10')))).toMatchObject({ statusCode: 403 });
      expect(await database.query('SELECT 1 FROM ledger.transactions WHERE user_id = $1', [actor.userId])).toMatchObject({ rowCount: 0 });
    });

    it('blocks deposits while the latest application is pending or rejected, and allows them once approved', async () => {
      const actor = customer();
      const applicationId = randomUUID();
      const submittedAt = new Date().toISOString();
      const base = { applicationId, userId: actor.userId, applicationType: 'personal' as const, submittedAt };
      await publisher.waitUntilHandled(
        APPLICATIONS_EVENTS_STREAM,
        'ledger',
        await publisher.publish(APPLICATIONS_EVENTS_STREAM, eventEnvelope(ApplicationsEvents.submitted, { ...base, fullName: 'Ada Lovelace', email: 'ada@example.test', investmentAmount: '10000.00' })),
      );
      expect(await failure(client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('10')))).toMatchObject({ statusCode: 403, message: 'Your investment application has not been approved.' });
      expect(await failure(client.as(actor).send(LedgerCommands.requestDeposit, { method: 'crypto', amount: '10' }))).toMatchObject({ message: 'Your investment application has not been approved.' });

      const review = (status: 'approved' | 'rejected', version: number) =>
        eventEnvelope(ApplicationsEvents.reviewed, { ...base, status, version, reviewedBy: admin.userId, note: null, investmentId: null });
      // The approval, then a late redelivery of an older rejection that must not win.
      await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, review('approved', 2)));
      await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, review('rejected', 1)));
      expect(await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('10'))).toMatchObject({ status: 'pending' });
      expect(await client.as(actor).send(LedgerCommands.summary, {})).toMatchObject({ depositsAllowed: true });

      const rejectedOther = customer();
      await publisher.waitUntilHandled(
        APPLICATIONS_EVENTS_STREAM,
        'ledger',
        await publisher.publish(APPLICATIONS_EVENTS_STREAM, eventEnvelope(ApplicationsEvents.reviewed, { ...base, userId: rejectedOther.userId, status: 'rejected', version: 2, reviewedBy: admin.userId })),
      );
      expect(await failure(client.as(rejectedOther).send(LedgerCommands.requestDeposit, bankDeposit('10')))).toMatchObject({ statusCode: 403, message: LEDGER_MESSAGES.depositNotAllowed });
      expect(await client.as(rejectedOther).send(LedgerCommands.summary, {})).toMatchObject({ depositsAllowed: false });
    });
  });

  describe('withdrawal rules of spec 02 §5', () => {
    it('requires every field', async () => {
      const actor = await funded('1000');
      for (const field of ['accountName', 'accountNumber', 'bankName', 'swiftCode', 'amount', 'bankBranchAddress'] as const) {
        const refused = await failure(client.as(actor).sendUnchecked(LedgerCommands.requestWithdrawal, { ...withdrawal(), [field]: '' }));
        expect(refused).toMatchObject({ statusCode: 400, message: LEDGER_MESSAGES.missingFields, details: expect.arrayContaining([expect.objectContaining({ field })]) });
      }
    });

    it('checks bank details as banks do: IBANs by length and check digits, other account numbers as 4 to 17 digits, SWIFT/BIC codes by shape (issue 28)', async () => {
      const actor = await funded('1000');
      for (const [accountNumber, problem] of [['GB82WEST12345698765433', 'iban_check_digits'], ['GB82WEST1234569876543', 'iban_length'], ['123456789012345678', 'account_number']] as const) {
        expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ accountNumber })))).toMatchObject({
          statusCode: 400,
          message: bankDetailsMessage(problem, accountNumber),
          details: [expect.objectContaining({ field: 'accountNumber' })],
        });
      }
      expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ swiftCode: 'XX' })))).toMatchObject({
        statusCode: 400,
        message: bankDetailsMessage('swift_code'),
        details: [expect.objectContaining({ field: 'swiftCode' })],
      });
      expect(await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ accountNumber: 'gb82 west 1234 5698 7654 32' }))).toMatchObject({ status: 'pending' });
      expect(await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ accountNumber: '123456789012345' }))).toMatchObject({ status: 'pending' });
    });

    it('needs a numeric amount above 0', async () => {
      const actor = await funded('1000');
      for (const amount of ['abc', '-5', '0', '12.345']) {
        expect(await failure(client.as(actor).sendUnchecked(LedgerCommands.requestWithdrawal, withdrawal({ amount })))).toMatchObject({ statusCode: 400, message: LEDGER_MESSAGES.numericAmount });
      }
    });

    it('refuses an account with no credit, under the minimum of $100, and above the available balance', async () => {
      const empty = customer();
      expect(await failure(client.as(empty).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '500' })))).toMatchObject({ statusCode: 409, message: LEDGER_MESSAGES.noCredit });
      expect(await failure(client.as(empty).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '50' })))).toMatchObject({ message: LEDGER_MESSAGES.noCredit });
      const actor = await funded('300');
      expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '99.99' })))).toMatchObject({ statusCode: 400, message: 'Minimum withdrawal amount is $100.' });
      expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '300.01' })))).toMatchObject({ statusCode: 409, message: LEDGER_MESSAGES.insufficientBalance });
      expect(await balanceOf(actor)).toMatchObject({ available: '300.00', held: '0.00' });
      expect(await database.query(`SELECT 1 FROM ledger.transactions WHERE user_id = $1 AND type = 'withdrawal'`, [actor.userId])).toMatchObject({ rowCount: 0 });
    });

    it('holds the amount, announces the request, and pays it out or releases it by the admin decision', async () => {
      const actor = await funded('5000');
      const requested = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '1200', accountName: 'Ada <b>Lovelace</b>' }));
      expect(requested).toMatchObject({ type: 'withdrawal', status: 'pending', amount: '-1200.00', reference: expect.stringMatching(/^WTH-\d+-/), details: { accountName: 'Ada bLovelace/b' } });
      expect(await balanceOf(actor)).toMatchObject({ available: '3800.00', held: '1200.00' });
      const event = await ledgerEvents.waitFor(LedgerEvents.withdrawalRequested, (payload) => payload.transactionId === requested.id);
      expect(event.payload).toMatchObject({ userId: actor.userId, amount: '1200.00', currency: 'USD', reference: requested.reference, status: 'pending' });

      await client.as(admin).send(LedgerCommands.decideTransaction, { id: requested.id, decision: 'approve' });
      expect(await balanceOf(actor)).toMatchObject({ available: '3800.00', held: '0.00' });
      await ledgerEvents.waitFor(LedgerEvents.withdrawalCompleted, (payload) => payload.transactionId === requested.id);

      const second = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '800' }));
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: second.id, decision: 'reject', reason: 'Bank details do not match' });
      expect(await balanceOf(actor)).toMatchObject({ available: '3800.00', held: '0.00' });
      await ledgerEvents.waitFor(LedgerEvents.withdrawalRejected, (payload) => payload.transactionId === second.id);
      await expectCleanBook();
    });

    it('refuses a rejection without a reason and changes nothing: still pending, still held, nothing announced', async () => {
      const actor = await funded('1000');
      const requested = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '500' }));
      // Absent, blank, or only characters the ledger strips: the customer would be told nothing.
      for (const reason of [undefined, '', '   ', '<>']) {
        expect(await failure(client.as(admin).send(LedgerCommands.decideTransaction, { id: requested.id, decision: 'reject', ...(reason === undefined ? {} : { reason }) }))).toMatchObject({
          statusCode: 400,
          code: 'rejection_reason_required',
          message: 'Please enter a reason for the rejection.',
        });
      }
      expect(await client.as(actor).send(LedgerCommands.getTransaction, { id: requested.id })).toMatchObject({ status: 'pending', reason: null });
      expect(await balanceOf(actor)).toMatchObject({ available: '500.00', held: '500.00' });
      expect(ledgerEvents.all(LedgerEvents.withdrawalRejected, (payload) => payload.transactionId === requested.id)).toEqual([]);
      await expectCleanBook();
    });

    it('refuses withdrawals while withdrawals_enabled is off', async () => {
      const actor = await funded('1000');
      await changeSetting('feature_toggles', { withdrawals_enabled: false });
      let refused: ErrorBody | undefined;
      for (let attempt = 0; attempt < 100 && !refused; attempt++) {
        refused = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '100' })).then(
          () => undefined,
          (error: { body: ErrorBody }) => error.body,
        );
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(refused).toMatchObject({ statusCode: 409, message: LEDGER_MESSAGES.withdrawalsDisabled });
      await changeSetting('feature_toggles', { withdrawals_enabled: true });
      for (let attempt = 0; attempt < 100; attempt++) {
        const accepted = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '100' })).then(() => true, () => false);
        if (accepted) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('withdrawals stayed disabled');
    });

    it('accepts exactly ten of fifty concurrent withdrawals of 100 against 1,000 and leaves available at 0', async () => {
      const actor = await funded('1000');
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '100' }))));
      const accepted = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected').map((result) => (result.reason as { body: ErrorBody }).body);
      expect(accepted).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const body of refused) expect([LEDGER_MESSAGES.noCredit, LEDGER_MESSAGES.insufficientBalance]).toContain(body.message);
      expect(await balanceOf(actor)).toMatchObject({ available: '0.00', held: '1000.00' });
      await expectCleanBook();
    });
  });

  describe('idempotency keys', () => {
    it('answers a repeat with the first reply, refuses another body with 422, and creates one transaction even when the repeats race', async () => {
      const actor = await funded('1000');
      const key = randomUUID();
      const first = await client.as(actor).send(LedgerCommands.requestWithdrawal, { ...withdrawal({ amount: '200' }), idempotencyKey: key });
      const again = await client.as(actor).send(LedgerCommands.requestWithdrawal, { ...withdrawal({ amount: '200' }), idempotencyKey: key });
      expect(again).toEqual(first);
      expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, { ...withdrawal({ amount: '300' }), idempotencyKey: key }))).toMatchObject({ statusCode: 422 });
      expect((await balanceOf(actor)).held).toBe('200.00');

      const raceKey = randomUUID();
      const raced = await Promise.all(Array.from({ length: 5 }, () => client.as(actor).send(LedgerCommands.requestDeposit, { ...bankDeposit('75'), idempotencyKey: raceKey })));
      expect(new Set(raced.map((reply) => reply.id)).size).toBe(1);
      expect(await database.query(`SELECT 1 FROM ledger.transactions WHERE user_id = $1 AND type = 'deposit'`, [actor.userId])).toMatchObject({ rowCount: 2 });
      // Keys are per user: another customer's same key is their own.
      const other = known(customer());
      expect(await client.as(other).send(LedgerCommands.requestDeposit, { ...bankDeposit('75'), idempotencyKey: raceKey })).toMatchObject({ status: 'pending' });
    });

    it('answers concurrent repeats of a withdrawal the balance covers only once with its reply, never with insufficient funds', async () => {
      for (let round = 0; round < 3; round++) {
        const actor = await funded('100');
        const key = randomUUID();
        const replies = await Promise.allSettled(Array.from({ length: 6 }, () => client.as(actor).send(LedgerCommands.requestWithdrawal, { ...withdrawal({ amount: '100' }), idempotencyKey: key })));
        const refusals = replies.filter((reply): reply is PromiseRejectedResult => reply.status === 'rejected').map((reply) => (reply.reason as { body: ErrorBody }).body);
        expect(refusals).toEqual([]);
        const ids = replies.map((reply) => (reply.status === 'fulfilled' ? reply.value.id : null));
        expect(new Set(ids).size).toBe(1);
        expect(await balanceOf(actor)).toMatchObject({ available: '0.00', held: '100.00' });
        expect(await database.query(`SELECT 1 FROM ledger.transactions WHERE user_id = $1 AND type = 'withdrawal'`, [actor.userId])).toMatchObject({ rowCount: 1 });
      }
      // A refusal for want of funds is still one when no request of that key was recorded.
      const short = await funded('100');
      await client.as(short).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '100' }));
      expect(await failure(client.as(short).send(LedgerCommands.requestWithdrawal, { ...withdrawal({ amount: '100' }), idempotencyKey: randomUUID() }))).toMatchObject({
        statusCode: 409,
        message: LEDGER_MESSAGES.noCredit,
      });
    });
  });

  describe('investment payments', () => {
    it('starts bank payments pending, crypto processing, and pays from balance at once into invested', async () => {
      const actor = await funded('3000');
      const [personal, gipp, corporate] = [await approvedInvestment(actor, '500.00'), await approvedInvestment(actor, '500.00', { type: 'gipp' }), await approvedInvestment(actor, '5000.00', { type: 'corporate' })];
      const bank = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: personal, amount: '500', paymentMethod: 'bank' });
      expect(bank).toMatchObject({ status: 'pending', reference: expect.stringMatching(/^INV-BANK-/), details: { investmentType: 'personal', investmentId: personal } });
      const crypto = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: gipp, amount: '500', paymentMethod: 'crypto' });
      expect(crypto).toMatchObject({ status: 'processing', reference: expect.stringMatching(/^INV-CRYPTO-/) });
      const fromBalance = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: corporate, amount: '2000', paymentMethod: 'balance' });
      expect(fromBalance).toMatchObject({ status: 'completed', amount: '-2000.00', methodLabel: 'Account Deduction' });
      expect(await balanceOf(actor)).toMatchObject({ available: '1000.00', totalInvested: '2000.00' });
      expect(await failure(client.as(actor).send(LedgerCommands.payInvestment, { investmentId: corporate, amount: '1000.01', paymentMethod: 'balance' }))).toMatchObject({ statusCode: 409, code: 'investment_insufficient_balance' });
      expect(await failure(client.as(actor).sendUnchecked(LedgerCommands.payInvestment, { amount: '10', paymentMethod: 'bank' }))).toMatchObject({ message: INVESTMENT_MESSAGES.chooseInvestment });
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: crypto.id, decision: 'approve' });
      expect((await balanceOf(actor)).totalInvested).toBe('2500.00');
      await expectCleanBook();
    });

    it('a refused first payment in a new currency leaves nothing behind: a later deposit in it is still credited', async () => {
      const actor = known(customer());
      const euros = await approvedInvestment(actor, '1000.00', { currency: 'EUR' });
      // No euro accounts yet: they are opened inside the payment's transaction, which the refusal rolls back.
      expect(await failure(client.as(actor).send(LedgerCommands.payInvestment, { investmentId: euros, amount: '50', paymentMethod: 'balance', currency: 'EUR' }))).toMatchObject({
        statusCode: 409,
      });
      const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('800', 'EUR'));
      expect(await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' })).toMatchObject({ status: 'completed' });
      expect(await client.as(actor).send(LedgerCommands.getBalance, { currency: 'EUR' })).toMatchObject({ currency: 'EUR', available: '800.00' });
      await expectCleanBook();
    });

    it('pays by bank or Bitcoin only while that rail is on, and by Bitcoin only to a configured wallet, as deposits', async () => {
      const actor = await funded('1000');
      const investment = await approvedInvestment(actor, '1000.00');
      const probe = await gatedProbe();
      const pay = (paymentMethod: 'bank' | 'crypto' | 'balance') => client.as(actor).send(LedgerCommands.payInvestment, { investmentId: investment, amount: '100', paymentMethod });
      const crypto = 'Crypto payments are currently disabled.';
      const bank = 'Bank transfers are currently disabled.';
      try {
        await changeSetting('feature_toggles', { crypto_payments: false });
        expect(await eventually(() => probeRefusal(probe, 'crypto'), (body) => body?.message === crypto)).toMatchObject({ message: crypto });
        expect(await failure(pay('crypto'))).toMatchObject({ statusCode: 409, message: crypto });
        expect(await pay('bank')).toMatchObject({ status: 'pending' });

        await changeSetting('feature_toggles', { bank_transfers: false });
        expect(await eventually(() => probeRefusal(probe, 'bank'), (body) => body?.message === bank)).toMatchObject({ message: bank });
        expect(await failure(pay('bank'))).toMatchObject({ statusCode: 409, message: bank });
        expect(await pay('crypto')).toMatchObject({ status: 'processing' });
        // From the balance no rail is used.
        expect(await pay('balance')).toMatchObject({ status: 'completed' });

        await changeSetting('feature_toggles', {});
        await changeSetting('crypto_wallets', { bitcoin: null, ethereum: null });
        expect(await eventually(() => probeRefusal(probe, 'crypto'), (body) => body?.message === LEDGER_MESSAGES.noWallet)).toMatchObject({ message: LEDGER_MESSAGES.noWallet });
        expect(await failure(pay('crypto'))).toMatchObject({ statusCode: 409, message: LEDGER_MESSAGES.noWallet });
      } finally {
        await changeSetting('feature_toggles', {});
        await changeSetting('crypto_wallets', { bitcoin: 'bc1qexamplewalletaddress0000000000000000', ethereum: null });
        await eventually(() => probeRefusal(probe, 'crypto'), (body) => body?.message === LEDGER_MESSAGES.depositNotAllowed);
      }
      const methods = await database.query(`SELECT method FROM ledger.transactions WHERE user_id = $1 AND type = 'investment' ORDER BY created_at`, [actor.userId]);
      expect(methods.rows.map((row) => row.method)).toEqual(['bank', 'crypto', 'balance']);
      expect(await balanceOf(actor)).toMatchObject({ available: '900.00', totalInvested: '100.00' });
    });

    it('announces an investment as paid once the money is in invested, and a bank or Bitcoin payment as requested, then paid or rejected', async () => {
      const actor = await funded('1000');
      const paidOf = (id: string) => ledgerEvents.all(LedgerEvents.investmentPaid, (payload) => payload.transactionId === id);
      const investment = await approvedInvestment(actor, '5000.00');
      const approvedLater = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: investment, amount: '300', paymentMethod: 'bank' });
      const rejected = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: investment, amount: '200', paymentMethod: 'crypto' });
      const fromBalance = await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: investment, amount: '400', paymentMethod: 'balance' });
      // Paid from the balance: the money moved at once, and so did the announcement.
      const paidAtOnce = await ledgerEvents.waitFor(LedgerEvents.investmentPaid, (payload) => payload.transactionId === fromBalance.id);
      expect(paidAtOnce.payload).toMatchObject({ status: 'completed', amount: '400.00' });

      await client.as(admin).send(LedgerCommands.decideTransaction, { id: approvedLater.id, decision: 'approve' });
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: rejected.id, decision: 'reject', reason: 'No funds received' });
      // The decisions' audit records leave the outbox with anything else their transactions wrote.
      await ledgerEvents.waitForCount(LedgerEvents.auditRecorded, (payload) => payload.targetId === approvedLater.id || payload.targetId === rejected.id, 2);
      await ledgerEvents.waitFor(LedgerEvents.investmentPaid, (payload) => payload.transactionId === approvedLater.id);
      expect(paidOf(approvedLater.id).map((event) => event.payload.status)).toEqual(['completed']);
      expect(paidOf(rejected.id)).toEqual([]);
      expect(paidOf(fromBalance.id)).toHaveLength(1);
      const requested = ledgerEvents.all(LedgerEvents.investmentRequested, (payload) => [approvedLater.id, rejected.id, fromBalance.id].includes(payload.transactionId));
      expect(requested.map((event) => [event.payload.transactionId, event.payload.status])).toEqual([
        [approvedLater.id, 'pending'],
        [rejected.id, 'processing'],
      ]);
      const rejections = ledgerEvents.all(LedgerEvents.investmentRejected, (payload) => [approvedLater.id, rejected.id, fromBalance.id].includes(payload.transactionId));
      expect(rejections.map((event) => [event.payload.transactionId, event.payload.status])).toEqual([[rejected.id, 'failed']]);
      expect(await balanceOf(actor)).toMatchObject({ available: '600.00', totalInvested: '700.00' });
    });
  });

  describe('supported currencies (System Settings)', () => {
    it('refuses deposits, withdrawals and investment payments in a currency an admin removed, moving nothing, and accepts the others', async () => {
      const actor = await funded('1000');
      const [euroInvestment, dollarInvestment] = [await approvedInvestment(actor, '1000.00', { currency: 'EUR' }), await approvedInvestment(actor, '1000.00')];
      const euros = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('500', 'EUR'));
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: euros.id, decision: 'approve' });
      const probe = await gatedProbe();
      const message = 'currency must be one of USD, GBP';
      try {
        await changeSetting('supported_currencies', ['USD', 'GBP']);
        expect(await eventually(() => probeRefusal(probe, 'bank', 'EUR'), (body) => body?.message === message)).toMatchObject({ statusCode: 400 });
        const params = { currencies: 'USD, GBP' };
        const refusal = { statusCode: 400, message, code: 'currency_invalid', params, details: [{ field: 'currency', message, code: 'currency_invalid', params }] };
        expect(await failure(client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('100', 'EUR')))).toMatchObject(refusal);
        expect(await failure(client.as(actor).send(LedgerCommands.requestDeposit, { method: 'crypto', amount: '100', currency: 'EUR' }))).toMatchObject(refusal);
        expect(await failure(client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '200', currency: 'EUR' })))).toMatchObject(refusal);
        for (const paymentMethod of ['bank', 'crypto', 'balance'] as const) {
          expect(await failure(client.as(actor).send(LedgerCommands.payInvestment, { investmentId: euroInvestment, amount: '100', currency: 'EUR', paymentMethod }))).toMatchObject(refusal);
        }
        expect(await client.as(actor).send(LedgerCommands.getBalance, { currency: 'EUR' })).toMatchObject({ available: '500.00', held: '0.00', totalInvested: '0.00' });
        expect(await database.query(`SELECT 1 FROM ledger.transactions WHERE user_id = $1 AND currency = 'EUR'`, [actor.userId])).toMatchObject({ rowCount: 1 });
        // The supported ones move as before.
        expect(await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '200' }))).toMatchObject({ status: 'pending', currency: 'USD' });
        expect(await client.as(actor).send(LedgerCommands.payInvestment, { investmentId: dollarInvestment, amount: '100', paymentMethod: 'balance' })).toMatchObject({ status: 'completed' });
      } finally {
        await changeSetting('supported_currencies', ['USD', 'EUR', 'GBP', 'SGD']);
        await eventually(() => probeRefusal(probe, 'bank', 'EUR'), (body) => body?.message === LEDGER_MESSAGES.depositNotAllowed);
      }
      expect(await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '200', currency: 'EUR' }))).toMatchObject({ status: 'pending', currency: 'EUR' });
      // A supported currency that is not the investment's is refused by its code, naming the investment's.
      const mismatch = 'currency must be EUR, the currency of this investment';
      expect(await failure(client.as(actor).send(LedgerCommands.payInvestment, { investmentId: euroInvestment, amount: '100', currency: 'USD', paymentMethod: 'balance' }))).toMatchObject({
        statusCode: 400,
        message: mismatch,
        code: 'currency_of_investment',
        params: { currency: 'EUR' },
        details: [{ field: 'currency', message: mismatch, code: 'currency_of_investment', params: { currency: 'EUR' } }],
      });
    });
  });

  describe('security deposits', () => {
    it('are created locked by an admin with the transactions permission, unlocked and re-locked with the spec reasons', async () => {
      const actor = known(customer(), 'Grace', 'Hopper');
      expect(await failure(client.as(moderator).send(LedgerCommands.createSecurityDeposit, { userId: actor.userId, amount: '2800' }))).toMatchObject({ statusCode: 403 });
      expect(await failure(client.as(actor).send(LedgerCommands.createSecurityDeposit, { userId: actor.userId, amount: '2800' }))).toMatchObject({ statusCode: 403 });
      expect(await failure(client.as(admin).send(LedgerCommands.createSecurityDeposit, { userId: randomUUID(), amount: '2800' }))).toMatchObject({ statusCode: 404 });

      const created = await client.as(admin).send(LedgerCommands.createSecurityDeposit, { userId: actor.userId, amount: '2800' });
      expect(created).toMatchObject({ status: 'locked', lockReason: 'Investment security requirement', amount: '2800.00' });
      expect(await balanceOf(actor)).toMatchObject({ locked: '2800.00', available: '0.00' });
      expect(await client.as(actor).send(LedgerCommands.listOwnSecurityDeposits, {})).toMatchObject({ totalLocked: [{ currency: 'USD', amount: '2800.00' }], activeDeposits: 1 });
      await ledgerEvents.waitFor(LedgerEvents.securityDepositCreated, (payload) => payload.securityDepositId === created.id && payload.locked);

      const unlocked = await client.as(admin).send(LedgerCommands.setSecurityDepositLock, { id: created.id, locked: false });
      expect(unlocked).toMatchObject({ status: 'unlocked', lockReason: 'Emergency unlock approved' });
      expect(await balanceOf(actor)).toMatchObject({ locked: '0.00', available: '2800.00' });
      await ledgerEvents.waitFor(LedgerEvents.securityDepositUnlocked, (payload) => payload.securityDepositId === created.id);
      const relocked = await client.as(admin).send(LedgerCommands.setSecurityDepositLock, { id: created.id, locked: true });
      expect(relocked).toMatchObject({ status: 'locked', lockReason: 'Re-locked for security' });
      const audit = await ledgerEvents.waitForCount(LedgerEvents.auditRecorded, (payload) => payload.targetId === created.id, 3);
      expect(audit.map((entry) => entry.payload.actionType).sort()).toEqual(['security_deposit_created', 'security_deposit_locked', 'security_deposit_unlocked']);

      const list = await client.as(admin).send(LedgerCommands.listSecurityDeposits, {});
      expect(list.items.find((item) => item.id === created.id)?.client).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
      // The admin may name the customer by email instead of id.
      const byEmail = await client.as(admin).send(LedgerCommands.createSecurityDeposit, { email: people.get(actor.userId)?.email.toUpperCase(), amount: 100 });
      expect(byEmail).toMatchObject({ userId: actor.userId, status: 'locked' });
      expect(await failure(client.as(admin).send(LedgerCommands.createSecurityDeposit, { email: 'nobody@example.test', amount: 100 }))).toMatchObject({ statusCode: 404, message: 'Customer not found' });
      await expectCleanBook();
    });
  });

  describe('admin lists', () => {
    it('refuses a search with a malformed cursor with 400, whether or not clients match', async () => {
      // That the ledger's process survives it is checked end to end by the OpenAPI fuzzing,
      // which runs the services as processes (an unhandled rejection there ends the process).
      known(customer(), 'Malformed', 'Cursor');
      for (const q of ['malformed', 'no-client-matches-this']) {
        expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { q, cursor: 'not-a-cursor' }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
      }
    });

    it('pages newest first by cursor, filters by type and status, searches client names and references, and names the clients', async () => {
      const searched = known(customer(), 'Zebulon', 'Quixote');
      const deposits = [];
      for (const amount of ['11', '12', '13']) deposits.push(await client.as(searched).send(LedgerCommands.requestDeposit, bankDeposit(amount)));
      const first = await client.as(admin).send(LedgerCommands.listTransactions, { q: 'zebulon', limit: 2 });
      expect(first.items.map((item) => item.id)).toEqual([deposits[2].id, deposits[1].id]);
      expect(first.total).toBe(3);
      expect(first.items[0].client).toMatchObject({ firstName: 'Zebulon', email: expect.stringContaining('zebulon') });
      const second = await client.as(admin).send(LedgerCommands.listTransactions, { q: 'zebulon', limit: 2, cursor: first.nextCursor as string });
      expect(second.items.map((item) => item.id)).toEqual([deposits[0].id]);
      expect(second.nextCursor).toBeNull();

      const byReference = await client.as(admin).send(LedgerCommands.listTransactions, { q: deposits[1].reference });
      expect(byReference.items.map((item) => item.id)).toEqual([deposits[1].id]);
      const pending = await client.as(admin).send(LedgerCommands.listTransactions, { type: 'deposit', status: 'pending', limit: 100 });
      expect(pending.items.every((item) => item.type === 'deposit' && item.status === 'pending')).toBe(true);
      const counted = await database.query(`SELECT count(*)::int AS n FROM ledger.transactions WHERE type = 'deposit' AND status = 'pending'`);
      expect(pending.total).toBe(counted.rows[0].n);

      const stats = await client.as(admin).send(LedgerCommands.transactionStats, {});
      const all = await database.query(`SELECT count(*)::int AS n FROM ledger.transactions`);
      expect(stats.totalTransactions).toBe(all.rows[0].n);
      expect(await failure(client.as(moderator).send(LedgerCommands.listTransactions, {}))).toMatchObject({ statusCode: 403 });
      expect(await failure(client.as(searched).send(LedgerCommands.transactionStats, {}))).toMatchObject({ statusCode: 403 });
    });

    it('counts a search up to 1,000 and says so, and finds nothing without a fuss', async () => {
      const owner = customer();
      // Rows straight into the table, outside the counters (as the benchmark seeds them), removed again after.
      await database.query('ALTER TABLE ledger.transactions DISABLE TRIGGER trg_transactions_stats');
      try {
        await database.query(
          `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, created_at, updated_at)
           SELECT gen_random_uuid(), $1, 'fee', 'completed', 100, 'USD', 'balance', 'FEE-CAPY-' || i, 'Capybara levy ' || i, now() - make_interval(secs => i), now()
           FROM generate_series(1, 1005) AS i`,
          [owner.userId],
        );
      } finally {
        await database.query('ALTER TABLE ledger.transactions ENABLE TRIGGER trg_transactions_stats');
      }
      try {
        const first = await client.as(admin).send(LedgerCommands.listTransactions, { q: 'capybara', limit: 20 });
        expect(first).toMatchObject({ total: 1000, totalCapped: true });
        expect(first.items.map((item) => item.reference)).toEqual(Array.from({ length: 20 }, (_, i) => `FEE-CAPY-${i + 1}`));
        const second = await client.as(admin).send(LedgerCommands.listTransactions, { q: 'capybara', limit: 20, cursor: first.nextCursor as string });
        expect(second).toMatchObject({ total: 1000, totalCapped: true });
        expect(second.items[0].reference).toBe('FEE-CAPY-21');

        const few = await client.as(admin).send(LedgerCommands.listTransactions, { q: 'FEE-CAPY-100', limit: 20 });
        expect(few).toMatchObject({ total: 7, totalCapped: false });
        expect(await client.as(admin).send(LedgerCommands.listTransactions, { q: 'okapi' })).toMatchObject({ items: [], total: 0, totalCapped: false, nextCursor: null });
      } finally {
        await database.query(`DELETE FROM ledger.transactions WHERE reference LIKE 'FEE-CAPY-%'`);
      }
    });

    it('refuses a cursor or a date filter naming an impossible time with 400, and still pages by real ones', async () => {
      const owner = await funded('100');
      const crafted = (position: string) => Buffer.from(`${position}|5|0`).toString('base64url');
      // The shape of a cursor, but no such instant (or no such id): PostgreSQL would refuse them.
      for (const position of [`2024-02-30T10:00:00.000000Z|${randomUUID()}`, `2023-02-29T10:00:00.000000Z|${randomUUID()}`, `2024-01-01T25:00:00.000000Z|${randomUUID()}`, `2024-01-01T10:00:00.000000Z|${'-'.repeat(36)}`]) {
        const cursor = crafted(position);
        expect(await failure(client.as(owner).send(LedgerCommands.listOwnTransactions, { cursor }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
        expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { cursor }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
        expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { cursor, q: 'anything' }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
      }
      expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { from: '2024-02-30' }))).toMatchObject({
        statusCode: 400,
        message: 'from must be an ISO date',
        code: 'from_date_invalid',
        details: [{ field: 'from', message: 'from must be an ISO date', code: 'from_date_invalid' }],
      });
      expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { from: '2024-01-01', to: '2024-04-31T00:00:00Z' }))).toMatchObject({
        statusCode: 400,
        message: 'to must be an ISO date',
        code: 'to_date_invalid',
      });
      expect(await failure(client.as(admin).send(LedgerCommands.listTransactions, { to: '2024-06-01T24:00:00Z' }))).toMatchObject({ statusCode: 400, message: 'to must be an ISO date' });
      // Real days, a leap day among them, are filters as before.
      const recent = await client.as(admin).send(LedgerCommands.listTransactions, { from: '2024-02-29', to: new Date(Date.now() + 60_000).toISOString(), type: 'deposit', limit: 1 });
      expect(recent.items).toHaveLength(1);
      expect(await client.as(admin).send(LedgerCommands.listTransactions, { from: '2024-02-29T10:00:00+05:30', to: '2024-03-01' })).toMatchObject({ items: [], total: 0 });
      const page = await client.as(owner).send(LedgerCommands.listOwnTransactions, { limit: 1 });
      expect(page.items).toHaveLength(1);
    });

    it('shows one transaction with its bank details to its owner and to admins whose role has the transactions permission, to no one else', async () => {
      const owner = await funded('500');
      const requested = await client.as(owner).send(LedgerCommands.requestWithdrawal, withdrawal({ amount: '150', accountNumber: '87654321' }));
      const read = (actor: Actor) => client.as(actor).send(LedgerCommands.getTransaction, { id: requested.id });
      expect(await read(owner)).toMatchObject({ id: requested.id, details: { accountNumber: '87654321', swiftCode: 'DEUTDEFF' } });
      expect(await read(admin)).toMatchObject({ id: requested.id, details: { accountNumber: '87654321' } });
      const superAdmin: Actor = { ...admin, userId: randomUUID(), adminRole: 'super_admin' };
      expect(await read(superAdmin)).toMatchObject({ id: requested.id });
      const support: Actor = { ...admin, userId: randomUUID(), adminRole: 'support' };
      for (const actor of [moderator, support, customer()]) expect(await failure(read(actor))).toMatchObject({ statusCode: 404, message: 'Transaction not found' });

      // It is the role's permission that counts, as the admin_roles setting has it now.
      const defaults = { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], moderator: ['users', 'kyc'], support: ['tickets', 'notifications'] };
      try {
        await changeSetting('admin_roles', { ...defaults, support: ['tickets', 'notifications', 'transactions'], admin: ['users', 'investments', 'kyc'] });
        expect(await eventually(() => refusalOrNull(read(support)), (body) => body === null)).toBeNull();
        expect(await failure(read(admin))).toMatchObject({ statusCode: 404 });
      } finally {
        await changeSetting('admin_roles', defaults);
        await eventually(() => refusalOrNull(read(admin)), (body) => body === null);
      }
      expect(await failure(read(support))).toMatchObject({ statusCode: 404 });
    });

    it("shows customers only their own transactions; another's is not found", async () => {
      const owner = await funded('100');
      const stranger = customer();
      const page = await client.as(owner).send(LedgerCommands.listOwnTransactions, {});
      expect(page.items).toHaveLength(1);
      expect(await failure(client.as(stranger).send(LedgerCommands.getTransaction, { id: page.items[0].id }))).toMatchObject({ statusCode: 404 });
      expect((await client.as(stranger).send(LedgerCommands.listOwnTransactions, {})).items).toEqual([]);
    });
  });
});
