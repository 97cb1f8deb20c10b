import { CreateApplicationsEventTables1763700000000 } from './1763700000000-create-applications-event-tables';

/** In order; a migration, once committed, is never edited. */
export const applicationsMigrations = [CreateApplicationsEventTables1763700000000];
