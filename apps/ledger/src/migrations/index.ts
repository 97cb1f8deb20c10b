import { CreateLedgerEventTables1763700000000 } from './1763700000000-create-ledger-event-tables';
import { CreateLedgerBook1764000000000 } from './1764000000000-create-ledger-book';
import { CreateKycGate1764100000160 } from './1764100000160-create-kyc-gate';
import { CreateCardRequests1795473837365 } from './1795473837365-create-card-requests';
import { CreateWithdrawalApprovals1795474900000 } from './1795474900000-create-withdrawal-approvals';
import { FixTransactionStatsShard1795475000000 } from './1795475000000-fix-transaction-stats-shard';
import { OrderLedgerOutboxEvents1795700000000 } from './1795700000000-order-ledger-outbox-events';
import { CreateInvestments1796000000000 } from './1796000000000-create-investments';

/** In order; a migration, once committed, is never edited. */
export const ledgerMigrations = [CreateLedgerEventTables1763700000000, CreateLedgerBook1764000000000, CreateKycGate1764100000160, CreateCardRequests1795473837365, CreateWithdrawalApprovals1795474900000, FixTransactionStatsShard1795475000000, OrderLedgerOutboxEvents1795700000000, CreateInvestments1796000000000];
