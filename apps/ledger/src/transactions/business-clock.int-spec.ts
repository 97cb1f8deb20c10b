import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '@portal/config';
import { Actor, LedgerCommands, LedgerStatementCommands, TransactionView } from '@portal/contracts';
import { LedgerUnderTest, startLedgerUnderTest } from '../testing/ledger-under-test';
import { approvedDeposit, publishApproval } from '../testing/approvals-and-deposits';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

/**
 * A stack moved by CLOCK_OFFSET_DAYS lives on its business date: the money rows a customer
 * creates "today" carry that date, not the database's, as the postings and statements do.
 */
describe('money rows dated by the ledger’s clock', () => {
  // 40 days ahead of the wall clock, as CLOCK_OFFSET_DAYS=40 moves a running stack.
  const clock = new ManualClock(new Date(Date.now() + 40 * 86_400_000));
  let ledger: LedgerUnderTest;

  beforeAll(async () => {
    ledger = await startLedgerUnderTest('ledger_business_clock', { clock });
  });

  afterAll(async () => {
    await ledger?.stop();
  });

  const listed = async (actor: Actor, id: string): Promise<TransactionView> => {
    const page = await ledger.client.as(actor).send(LedgerCommands.listOwnTransactions, {});
    const found = page.items.find((item) => item.id === id);
    if (!found) throw new Error(`transaction ${id} is not in the customer's list`);
    return found;
  };

  it('gives a deposit, a withdrawal and an investment payment the moved date, in the list and on the statement', async () => {
    const actor = customer();
    const depositId = await approvedDeposit(ledger.client, actor, admin, '5000');
    const withdrawal = await ledger.client.as(actor).send(LedgerCommands.requestWithdrawal, {
      accountName: 'Ada Lovelace',
      accountNumber: '12345678',
      bankName: 'First Bank',
      bankBranchAddress: '1 Main St',
      swiftCode: 'DEUTDEFF',
      amount: '200',
    });
    const { investmentId } = await publishApproval(ledger.publisher, {
      userId: actor.userId,
      reviewedBy: admin.userId,
      submittedAt: clock.now().toISOString(),
      terms: { currency: 'USD', durationMonths: 6, expectedReturnRate: '15.00', feeRate: '2.50', amount: '1000.00', expectedReturnAmount: '75.00', feeAmount: '25.00' },
    });
    const payment = await ledger.client.as(actor).send(LedgerCommands.payInvestment, { investmentId, amount: '1000', paymentMethod: 'balance' });

    for (const id of [depositId, withdrawal.id, payment.id]) {
      const row = await listed(actor, id);
      expect({ id, createdOn: row.createdAt.slice(0, 10), updatedOn: row.updatedAt.slice(0, 10) }).toEqual({ id, createdOn: clock.today(), updatedOn: clock.today() });
    }
    // Their postings (the deposit credited, the withdrawal held, the payment invested) are on the same business date.
    const statement = await ledger.client.as(actor).send(LedgerStatementCommands.monthlyStatement, { month: clock.today().slice(0, 7) });
    expect(statement.lines.map((line) => ({ type: line.type, on: line.date.slice(0, 10) }))).toEqual([
      { type: 'deposit', on: clock.today() },
      { type: 'withdrawal', on: clock.today() },
      { type: 'investment', on: clock.today() },
    ]);
  });
});
