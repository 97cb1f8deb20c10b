import { CreateKycEventTables1763700000000 } from './1763700000000-create-kyc-event-tables';

/** In order; a migration, once committed, is never edited. */
export const kycMigrations = [CreateKycEventTables1763700000000];
