import { CreateSupportEventTables1763700000000 } from './1763700000000-create-support-event-tables';

/** In order; a migration, once committed, is never edited. */
export const supportMigrations = [CreateSupportEventTables1763700000000];
