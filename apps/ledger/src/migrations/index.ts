import { CreateLedgerEventTables1763700000000 } from './1763700000000-create-ledger-event-tables';
import { CreateLedgerBook1764000000000 } from './1764000000000-create-ledger-book';
import { CreateKycGate1764100000160 } from './1764100000160-create-kyc-gate';

/** In order; a migration, once committed, is never edited. */
export const ledgerMigrations = [CreateLedgerEventTables1763700000000, CreateLedgerBook1764000000000, CreateKycGate1764100000160];
