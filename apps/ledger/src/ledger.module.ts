import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseConnection, databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { APPLICATIONS_EVENTS_STREAM, KYC_EVENTS_STREAM, LEDGER_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule, eventEntities, HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { DeletedAccountsModule } from './account-deletion/deleted-accounts.module';
import { ApplicationGateHandlers } from './application-gate/application-gate.handlers';
import { KycGateHandlers } from './kyc-gate/kyc-gate.handlers';
import { Book } from './book/book';
import { CardRequestsHandlers } from './cards/card-requests.handlers';
import { CardRequests } from './cards/card-requests.service';
import { LedgerCheck } from './check/ledger-check';
import { LedgerDataExportHandlers } from './data-export/data-export.handlers';
import { PersonalDataQueries } from './data-export/personal-data.queries';
import { ledgerMigrations } from './migrations';
import { BackOfficeFiguresController } from './back-office/back-office-figures.controller';
import { BackOfficeFiguresQueries } from './back-office/back-office-figures.queries';
import { EarningsActuals } from './back-office/earnings-actuals';
import { EarningsHandlers } from './back-office/earnings.handlers';
import { MaturitySchedule } from './back-office/maturity-schedule';
import { SecurityDeposits } from './security-deposits/security-deposits.service';
import { PerformanceController } from './performance/performance.controller';
import { PortfolioPerformanceReport } from './performance/portfolio-performance';
import { MonthlyStatements } from './statements/monthly-statement';
import { StatementsController } from './statements/statements.controller';
import { CancelInvestment } from './investments/cancel-investment';
import { InvestmentDay } from './investments/investment-day';
import { InvestmentFunding } from './investments/investment-funding';
import { InvestmentQueries } from './investments/investment-queries';
import { InvestmentScheduler } from './investments/investment-scheduler';
import { InvestmentsController } from './investments/investments.controller';
import { OpenInvestment } from './investments/open-investment';
import { LedgerController } from './transactions/ledger.controller';
import { MoneyRules } from './transactions/money-rules';
import { TransactionQueries } from './transactions/transaction-queries.service';
import { TransactionsRepository } from './transactions/transactions.repository';
import { DecideTransaction } from './transactions/use-cases/decide-transaction';
import { PayInvestment } from './transactions/use-cases/pay-investment';
import { RequestDeposit } from './transactions/use-cases/request-deposit';
import { RequestWithdrawal } from './transactions/use-cases/request-withdrawal';
import { ShowBalance } from './transactions/use-cases/show-balance';
import { ShowTransaction } from './transactions/use-cases/show-transaction';
import { SummariseTransactions } from './transactions/use-cases/summarise-transactions';

export const LEDGER_SCHEMA = 'ledger';
/** The book's tables are read and written with SQL (see the migrations), not entities. */
export const ledgerEntities = [...eventEntities];

/**
 * The money: a double-entry book of accounts, transfers and entries; customer
 * transactions (deposits, withdrawals, investment payments) and their admin decisions;
 * security deposits; investments opened from applications' approvals, funded by payments,
 * accruing daily and paid out at maturity (investments/); card requests; the deposit gate
 * kept from applications' events; a
 * deleted account's card requests cancelled and erased (identity's events); the ledger check.
 */
@Module({})
export class LedgerModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: LEDGER_SCHEMA, ...databaseConnection(environment), entities: ledgerEntities, migrations: ledgerMigrations }),
        OutboxModule.forStreams(LEDGER_EVENTS_STREAM),
        EventConsumerModule.forStream(APPLICATIONS_EVENTS_STREAM, [ApplicationGateHandlers]),
        EventConsumerModule.forStream(KYC_EVENTS_STREAM, [KycGateHandlers]),
        DeletedAccountsModule,
        PlatformSettingsModule,
      ],
      controllers: [LedgerController, InvestmentsController, BackOfficeFiguresController, EarningsHandlers, CardRequestsHandlers, LedgerDataExportHandlers, StatementsController, PerformanceController],
      providers: [
        Book,
        MoneyRules,
        TransactionsRepository,
        ShowBalance,
        SummariseTransactions,
        ShowTransaction,
        RequestDeposit,
        RequestWithdrawal,
        PayInvestment,
        DecideTransaction,
        TransactionQueries,
        SecurityDeposits,
        CardRequests,
        PersonalDataQueries,
        LedgerCheck,
        MonthlyStatements,
        PortfolioPerformanceReport,
        OpenInvestment,
        InvestmentFunding,
        CancelInvestment,
        InvestmentQueries,
        InvestmentDay,
        InvestmentScheduler,
        BackOfficeFiguresQueries,
        EarningsActuals,
        MaturitySchedule,
        ApplicationGateHandlers,
        KycGateHandlers,
        { provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] },
      ],
    };
  }
}
