import { CreateIdentityTables1763800000000 } from './1763800000000-create-identity-tables';
import { SeedSystemSettings1763800000001 } from './1763800000001-seed-system-settings';

/** In order; a migration, once committed, is never edited. */
export const identityMigrations = [CreateIdentityTables1763800000000, SeedSystemSettings1763800000001];
