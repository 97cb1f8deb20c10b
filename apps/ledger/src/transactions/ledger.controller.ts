import { Controller } from '@nestjs/common';
import {
  Actor,
  AdminTransactionsPagePayload,
  BalanceQuery,
  BalanceView,
  CreateSecurityDepositPayload,
  DecideTransactionPayload,
  LedgerCheckReport,
  LedgerCommands,
  OwnTransactionsQuery,
  PayInvestmentPayload,
  RequestDepositPayload,
  RequestMeta,
  RequestWithdrawalPayload,
  SecurityDepositList,
  SecurityDepositView,
  SetSecurityDepositLockPayload,
  TransactionIdPayload,
  TransactionPage,
  TransactionStats,
  TransactionSummary,
  TransactionView,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { LedgerCheck } from '../check/ledger-check';
import { SecurityDeposits } from '../security-deposits/security-deposits.service';
import { TransactionQueries } from './transaction-queries.service';
import { DecideTransaction } from './use-cases/decide-transaction';
import { PayInvestment } from './use-cases/pay-investment';
import { RequestDeposit } from './use-cases/request-deposit';
import { RequestWithdrawal } from './use-cases/request-withdrawal';
import { ShowBalance } from './use-cases/show-balance';
import { ShowTransaction } from './use-cases/show-transaction';
import { SummariseTransactions } from './use-cases/summarise-transactions';

/** The ledger's commands; every one acts for the verified actor of the request. */
@Controller()
export class LedgerController {
  constructor(
    private readonly showBalance: ShowBalance,
    private readonly summariseTransactions: SummariseTransactions,
    private readonly showTransaction: ShowTransaction,
    private readonly requestDeposit: RequestDeposit,
    private readonly requestWithdrawal: RequestWithdrawal,
    private readonly payForInvestment: PayInvestment,
    private readonly decideTransaction: DecideTransaction,
    private readonly queries: TransactionQueries,
    private readonly securityDeposits: SecurityDeposits,
    private readonly check: LedgerCheck,
  ) {}

  @HandlesCommand(LedgerCommands.getBalance)
  balance(@CommandActor() actor: Actor, @CommandPayload() payload: BalanceQuery): Promise<BalanceView> {
    return this.showBalance.execute(actor, payload.currency);
  }

  @HandlesCommand(LedgerCommands.summary)
  summary(@CommandActor() actor: Actor, @CommandPayload() payload: BalanceQuery): Promise<TransactionSummary> {
    return this.summariseTransactions.execute(actor, payload.currency);
  }

  @HandlesCommand(LedgerCommands.listOwnTransactions)
  listOwn(@CommandActor() actor: Actor, @CommandPayload() payload: OwnTransactionsQuery): Promise<TransactionPage> {
    return this.queries.listOwn(actor, payload);
  }

  @HandlesCommand(LedgerCommands.getTransaction)
  get(@CommandActor() actor: Actor, @CommandPayload() payload: TransactionIdPayload): Promise<TransactionView> {
    return this.showTransaction.execute(actor, payload.id);
  }

  @HandlesCommand(LedgerCommands.requestDeposit)
  deposit(@CommandActor() actor: Actor, @CommandPayload() payload: RequestDepositPayload): Promise<TransactionView> {
    return this.requestDeposit.execute(actor, payload);
  }

  @HandlesCommand(LedgerCommands.requestWithdrawal)
  withdrawal(@CommandActor() actor: Actor, @CommandPayload() payload: RequestWithdrawalPayload): Promise<TransactionView> {
    return this.requestWithdrawal.execute(actor, payload);
  }

  @HandlesCommand(LedgerCommands.payInvestment)
  payInvestment(@CommandActor() actor: Actor, @CommandPayload() payload: PayInvestmentPayload): Promise<TransactionView> {
    return this.payForInvestment.execute(actor, payload);
  }

  @HandlesCommand(LedgerCommands.listTransactions)
  list(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: AdminTransactionsPagePayload): Promise<TransactionPage> {
    return this.queries.listForAdmin(actor, meta, payload);
  }

  @HandlesCommand(LedgerCommands.transactionStats)
  stats(@CommandActor() actor: Actor): Promise<TransactionStats> {
    return this.queries.stats(actor);
  }

  @HandlesCommand(LedgerCommands.decideTransaction)
  decide(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: DecideTransactionPayload): Promise<TransactionView> {
    return this.decideTransaction.execute(actor, meta, payload);
  }

  @HandlesCommand(LedgerCommands.listOwnSecurityDeposits)
  ownSecurityDeposits(@CommandActor() actor: Actor): Promise<SecurityDepositList> {
    return this.securityDeposits.listOwn(actor);
  }

  @HandlesCommand(LedgerCommands.listSecurityDeposits)
  securityDepositList(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta): Promise<SecurityDepositList> {
    return this.securityDeposits.listAll(actor, meta);
  }

  @HandlesCommand(LedgerCommands.createSecurityDeposit)
  createSecurityDeposit(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: CreateSecurityDepositPayload): Promise<SecurityDepositView> {
    return this.securityDeposits.create(actor, meta, payload);
  }

  @HandlesCommand(LedgerCommands.setSecurityDepositLock)
  setLock(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: SetSecurityDepositLockPayload): Promise<SecurityDepositView> {
    return this.securityDeposits.setLock(actor, meta, payload);
  }

  @HandlesCommand(LedgerCommands.checkLedger)
  checkLedger(@CommandActor() actor: Actor): Promise<LedgerCheckReport> {
    return this.check.run(actor);
  }
}
