import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Actor, LedgerCheckReport, LedgerDifference } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { requireMoneyAdmin } from '../book/access';
import { formatMinor } from '../book/money';

/**
 * Verifies the book's invariants from the entries themselves: every transfer sums to zero
 * in one currency, every currency sums to zero, every balance equals the sum of its
 * account's entries, and no customer account is negative. Read in one snapshot.
 */
@Injectable()
export class LedgerCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
  ) {}

  async run(actor: Actor): Promise<LedgerCheckReport> {
    requireMoneyAdmin(actor, this.settings);
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const differences: LedgerDifference[] = [];
      const unbalanced: { transfer_id: string; total: string }[] = await manager.query(
        `SELECT transfer_id, sum(amount) AS total FROM ledger.entries GROUP BY transfer_id HAVING sum(amount) <> 0 LIMIT 100`,
      );
      for (const row of unbalanced) differences.push({ kind: 'transfer_not_zero', subject: row.transfer_id, expected: '0.00', actual: formatMinor(row.total) });
      const mixed: { transfer_id: string }[] = await manager.query(
        `SELECT DISTINCT e.transfer_id FROM ledger.entries e JOIN ledger.accounts a ON a.id = e.account_id JOIN ledger.transfers t ON t.id = e.transfer_id WHERE a.currency <> t.currency LIMIT 100`,
      );
      for (const row of mixed) differences.push({ kind: 'transfer_mixes_currencies', subject: row.transfer_id, expected: 'one currency', actual: 'several' });
      const currencies: { currency: string; total: string }[] = await manager.query(
        `SELECT a.currency, sum(e.amount) AS total FROM ledger.entries e JOIN ledger.accounts a ON a.id = e.account_id GROUP BY a.currency HAVING sum(e.amount) <> 0`,
      );
      for (const row of currencies) differences.push({ kind: 'currency_not_zero', subject: row.currency.trim(), expected: '0.00', actual: formatMinor(row.total) });
      const drifted: { id: string; balance: string; total: string }[] = await manager.query(
        `SELECT a.id, a.balance, coalesce(s.total, 0) AS total FROM ledger.accounts a
         LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger.entries GROUP BY account_id) s ON s.account_id = a.id
         WHERE a.balance <> coalesce(s.total, 0) LIMIT 100`,
      );
      for (const row of drifted) differences.push({ kind: 'balance_differs_from_entries', subject: `account ${row.id}`, expected: formatMinor(row.total), actual: formatMinor(row.balance) });
      const negative: { id: string; balance: string }[] = await manager.query(`SELECT id, balance FROM ledger.accounts WHERE user_id IS NOT NULL AND balance < 0 LIMIT 100`);
      for (const row of negative) differences.push({ kind: 'customer_balance_negative', subject: `account ${row.id}`, expected: '>= 0.00', actual: formatMinor(row.balance) });
      differences.push(...(await this.investmentDifferences(manager)));
      const [counts] = await manager.query(
        `SELECT (SELECT count(*) FROM ledger.transfers) AS transfers, (SELECT count(*) FROM ledger.entries) AS entries, (SELECT count(*) FROM ledger.accounts) AS accounts`,
      );
      return {
        ok: differences.length === 0,
        checkedAt: new Date().toISOString(),
        transfers: Number(counts.transfers),
        entries: Number(counts.entries),
        accounts: Number(counts.accounts),
        differences,
      };
    });
  }

  /**
   * The investments' own invariants: accruals never exceed the fixed total return and match
   * the investment's accrued figure, nothing accrues outside the active period, and every
   * matured investment was paid out exactly once (one return, one fee when it has one).
   */
  private async investmentDifferences(manager: EntityManager): Promise<LedgerDifference[]> {
    const differences: LedgerDifference[] = [];
    const accruals: { id: string; expected_return: string; accrued: string; total: string }[] = await manager.query(
      `SELECT i.id, i.expected_return, i.accrued, coalesce(sum(a.amount), 0) AS total FROM ledger.investments i
       LEFT JOIN ledger.investment_accruals a ON a.investment_id = i.id
       GROUP BY i.id HAVING coalesce(sum(a.amount), 0) > i.expected_return OR coalesce(sum(a.amount), 0) <> i.accrued LIMIT 100`,
    );
    for (const row of accruals) {
      differences.push({ kind: 'investment_accrual_exceeds_return', subject: `investment ${row.id}`, expected: `<= ${formatMinor(row.expected_return)} (accrued ${formatMinor(row.accrued)})`, actual: formatMinor(row.total) });
    }
    const outside: { investment_id: string; business_date: string }[] = await manager.query(
      `SELECT a.investment_id, to_char(a.business_date, 'YYYY-MM-DD') AS business_date FROM ledger.investment_accruals a JOIN ledger.investments i ON i.id = a.investment_id
       WHERE i.start_date IS NULL OR a.business_date < i.start_date OR a.business_date >= i.maturity_date LIMIT 100`,
    );
    for (const row of outside) differences.push({ kind: 'investment_accrual_outside_active_period', subject: `investment ${row.investment_id}`, expected: 'within its active period', actual: row.business_date });
    const payouts: { id: string; status: string; returns: string; fees: string; fee: string }[] = await manager.query(
      `SELECT i.id, i.status, i.fee,
              count(t.id) FILTER (WHERE t.type = 'return') AS returns, count(t.id) FILTER (WHERE t.type = 'fee') AS fees
       FROM ledger.investments i LEFT JOIN ledger.transactions t ON t.investment_id = i.id AND t.type IN ('return', 'fee')
       WHERE i.status IN ('matured', 'active')
       GROUP BY i.id
       HAVING (i.status = 'matured' AND (count(t.id) FILTER (WHERE t.type = 'return') <> 1 OR count(t.id) FILTER (WHERE t.type = 'fee') <> CASE WHEN i.fee > 0 THEN 1 ELSE 0 END))
           OR (i.status = 'active' AND count(t.id) > 0)
       LIMIT 100`,
    );
    for (const row of payouts) {
      const expected = row.status === 'matured' ? `1 return${BigInt(row.fee) > 0n ? ', 1 fee' : ''}` : 'no payout before maturity';
      differences.push({ kind: 'investment_payout_count', subject: `investment ${row.id}`, expected, actual: `${row.returns} return, ${row.fees} fee` });
    }
    return differences;
  }
}
