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
import { MoneyMovement } from './money-movement.service';
import { TransactionQueries } from './transaction-queries.service';

/** The ledger's commands; every one acts for the verified actor of the request. */
@Controller()
export class LedgerController {
  constructor(
    private readonly money: MoneyMovement,
    private readonly queries: TransactionQueries,
    private readonly securityDeposits: SecurityDeposits,
    private readonly check: LedgerCheck,
  ) {}

  @HandlesCommand(LedgerCommands.getBalance)
  balance(@CommandActor() actor: Actor, @CommandPayload() payload: BalanceQuery): Promise<BalanceView> {
    return this.money.balance(actor, payload.currency);
  }

  @HandlesCommand(LedgerCommands.summary)
  summary(@CommandActor() actor: Actor, @CommandPayload() payload: BalanceQuery): Promise<TransactionSummary> {
    return this.money.summary(actor, payload.currency);
  }

  @HandlesCommand(LedgerCommands.listOwnTransactions)
  listOwn(@CommandActor() actor: Actor, @CommandPayload() payload: OwnTransactionsQuery): Promise<TransactionPage> {
    return this.queries.listOwn(actor, payload);
  }

  @HandlesCommand(LedgerCommands.getTransaction)
  get(@CommandActor() actor: Actor, @CommandPayload() payload: TransactionIdPayload): Promise<TransactionView> {
    return this.money.getOwn(actor, payload.id);
  }

  @HandlesCommand(LedgerCommands.requestDeposit)
  deposit(@CommandActor() actor: Actor, @CommandPayload() payload: RequestDepositPayload): Promise<TransactionView> {
    return this.money.requestDeposit(actor, payload);
  }

  @HandlesCommand(LedgerCommands.requestWithdrawal)
  withdrawal(@CommandActor() actor: Actor, @CommandPayload() payload: RequestWithdrawalPayload): Promise<TransactionView> {
    return this.money.requestWithdrawal(actor, payload);
  }

  @HandlesCommand(LedgerCommands.payInvestment)
  payInvestment(@CommandActor() actor: Actor, @CommandPayload() payload: PayInvestmentPayload): Promise<TransactionView> {
    return this.money.payInvestment(actor, payload);
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
    return this.money.decide(actor, meta, payload);
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
