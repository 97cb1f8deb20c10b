import { Controller } from '@nestjs/common';
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
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, PlatformSettings, requireAnyAdmin } from '@portal/messaging';
import { requireMoneyAdmin } from '../book/access';
import { formatMinor } from '../book/money';
import { TransactionQueries } from '../transactions/transaction-queries.service';
import { transactionView } from '../transactions/transaction-views';
import { BackOfficeFiguresQueries, CurrencyAmount } from './back-office-figures.queries';
import { reportWindowRefusal } from './report-window';

/** Any admin may read the back office's figures (the overview is every admin's landing page). */
const currencyOf = (value: string) => value.trim() as Currency;
const byCurrency = (rows: CurrencyAmount[]): AmountByCurrency[] =>
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
    private readonly figures: BackOfficeFiguresQueries,
    private readonly queries: TransactionQueries,
    private readonly settings: PlatformSettings,
  ) {}

  /** The overview's money section names customers and their amounts: roles with the transactions permission only. */
  @HandlesCommand(LedgerBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<LedgerStats> {
    requireMoneyAdmin(actor, this.settings);
    const { locked, balances, latest } = await this.figures.overview();
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
    const { volumes, fees, perDay } = await this.figures.activity(payload);
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
