import { CreateLedgerEventTables1763700000000 } from './1763700000000-create-ledger-event-tables';

/** In order; a migration, once committed, is never edited. */
export const ledgerMigrations = [CreateLedgerEventTables1763700000000];
