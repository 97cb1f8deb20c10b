import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
}
