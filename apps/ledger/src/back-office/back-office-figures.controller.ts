import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AmountByCurrency,
  Currency,
  CURRENCIES,
  EarningsFigures,
  LedgerBackOfficeCommands,
  LedgerReport,
  LedgerStats,
  ReportWindowPayload,
  RequestMeta,
  TransactionStatus,
  TransactionType,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, PlatformSettings, requireAnyAdmin } from '@portal/messaging';
import { requireMoneyAdmin } from '../book/access';
import { formatMinor } from '../book/money';
import { TransactionQueries } from '../transactions/transaction-queries.service';
import { TRANSACTION_COLUMNS, TransactionRow, transactionView } from '../transactions/transaction-views';
import { reportWindowRefusal } from './report-window';

/** Any admin may read the back office's figures (the overview is every admin's landing page). */
const currencyOf = (value: string) => value.trim() as Currency;
const byCurrency = (rows: { currency: string; amount: string }[]): AmountByCurrency[] =>
  rows.map((row) => ({ currency: currencyOf(row.currency), amount: formatMinor(row.amount) })).sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency));

/** Returns over invested as a percent with one decimal, from minor units; 0 when nothing is invested. */
export function roiRate(returns: bigint, invested: bigint): number {
  if (invested <= 0n) return 0;
  // Tenths of a percent, rounded half up, in integers.
  const tenths = (returns * 2000n + invested) / (2n * invested);
  return Number(tenths) / 10;
}

/** The ledger's own figures for the admin overview and reports, from the book and its transactions. */
@Controller()
export class BackOfficeFiguresController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: TransactionQueries,
    private readonly settings: PlatformSettings,
  ) {}

  /** The overview's money section names customers and their amounts: roles with the transactions permission only. */
  @HandlesCommand(LedgerBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<LedgerStats> {
    requireMoneyAdmin(actor, this.settings);
    const [locked, balances, latest] = await Promise.all([
      this.dataSource.query(`SELECT currency, sum(amount) AS amount, count(*) AS count FROM ledger.security_deposits WHERE status = 'locked' GROUP BY currency`) as Promise<
        { currency: string; amount: string; count: string }[]
      >,
      // Invested: what customers' invested accounts hold. Returns paid come out of the
      // returns_paid account and fees go into the fees account (system accounts carry the
      // opposite sign of the customer side).
      this.dataSource.query(
        `SELECT currency,
                coalesce(sum(balance) FILTER (WHERE user_id IS NOT NULL AND kind = 'invested'), 0) AS invested,
                coalesce(-sum(balance) FILTER (WHERE user_id IS NULL AND kind = 'returns_paid'), 0) AS returns,
                coalesce(sum(balance) FILTER (WHERE user_id IS NULL AND kind = 'fees'), 0) AS fees
           FROM ledger.accounts WHERE kind IN ('invested', 'returns_paid', 'fees') GROUP BY currency`,
      ) as Promise<{ currency: string; invested: string; returns: string; fees: string }[]>,
      this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions ORDER BY created_at DESC, id DESC LIMIT 5`) as Promise<TransactionRow[]>,
    ]);
    const earnings: EarningsFigures[] = CURRENCIES.flatMap((currency) => {
      const row = balances.find((entry) => currencyOf(entry.currency) === currency);
      const invested = BigInt(row?.invested ?? 0);
      const returns = BigInt(row?.returns ?? 0);
      const fees = BigInt(row?.fees ?? 0);
      if (currency !== 'USD' && invested === 0n && returns === 0n && fees === 0n) return [];
      return [{ currency, totalInvested: formatMinor(invested), totalReturns: formatMinor(returns), platformFees: formatMinor(fees), roiRate: roiRate(returns, invested) }];
    });
    const clients = await this.queries.clients(meta, [...new Set(latest.map((row) => row.user_id))]);
    return {
      lockedTotal: locked.length ? byCurrency(locked) : [{ currency: 'USD', amount: '0.00' }],
      lockedDeposits: locked.reduce((total, row) => total + Number(row.count), 0),
      earnings,
      // Spec 02 §2: every admin's overview lists who, what and how much. The bank account or
      // wallet details are not part of it: they are read in the transaction itself, by the
      // roles with the transactions permission only.
      latest: latest.map((row) => ({ ...transactionView(row, clients.get(row.user_id) ?? null), details: {} })),
    };
  }

  @HandlesCommand(LedgerBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<LedgerReport> {
    requireAnyAdmin(actor);
    const refusal = reportWindowRefusal(payload);
    if (refusal) throw refusal;
    const parameters = [payload.from, payload.to];
    const window = `created_at >= $1::timestamptz AND created_at < $2::timestamptz`;
    const [volumes, fees, perDay] = await Promise.all([
      this.dataSource.query(
        `SELECT type, status, currency, count(*) AS count, sum(amount) AS amount FROM ledger.transactions WHERE ${window} GROUP BY type, status, currency ORDER BY type, status, currency`,
        parameters,
      ) as Promise<{ type: TransactionType; status: TransactionStatus; currency: string; count: string; amount: string }[]>,
      // The fees actually posted in the window: entries on the platform's fee accounts.
      this.dataSource.query(
        `SELECT a.currency, sum(e.amount) AS amount
           FROM ledger.entries e JOIN ledger.transfers t ON t.id = e.transfer_id JOIN ledger.accounts a ON a.id = e.account_id
          WHERE a.user_id IS NULL AND a.kind = 'fees' AND t.created_at >= $1::timestamptz AND t.created_at < $2::timestamptz
          GROUP BY a.currency`,
        parameters,
      ) as Promise<{ currency: string; amount: string }[]>,
      this.dataSource.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, currency,
                coalesce(sum(amount) FILTER (WHERE type = 'deposit'), 0) AS deposits,
                coalesce(sum(amount) FILTER (WHERE type = 'withdrawal'), 0) AS withdrawals,
                coalesce(sum(amount) FILTER (WHERE type = 'investment'), 0) AS investments,
                count(*) AS count
           FROM ledger.transactions WHERE ${window} GROUP BY 1, 2 ORDER BY 1, 2`,
        parameters,
      ) as Promise<{ date: string; currency: string; deposits: string; withdrawals: string; investments: string; count: string }[]>,
    ]);
    const totals = new Map<Currency, bigint>();
    for (const row of volumes) totals.set(currencyOf(row.currency), (totals.get(currencyOf(row.currency)) ?? 0n) + BigInt(row.amount));
    return {
      transactions: volumes.reduce((total, row) => total + Number(row.count), 0),
      volumes: volumes.map((row) => ({ type: row.type, status: row.status, currency: currencyOf(row.currency), count: Number(row.count), amount: formatMinor(row.amount) })),
      fees: byCurrency(fees),
      totalVolume: byCurrency([...totals].map(([currency, amount]) => ({ currency, amount: amount.toString() }))),
      perDay: perDay.map((row) => ({
        date: row.date,
        currency: currencyOf(row.currency),
        deposits: formatMinor(row.deposits),
        withdrawals: formatMinor(row.withdrawals),
        investments: formatMinor(row.investments),
        count: Number(row.count),
      })),
    };
  }
}
