import { CreateApplicationsEventTables1763700000000 } from './1763700000000-create-applications-event-tables';
import { CreateApplicationsAndInvestments1764000000620 } from './1764000000620-create-applications-and-investments';
import { OrderApplicationsOutboxEvents1795700000000 } from './1795700000000-order-applications-outbox-events';

/** In order; a migration, once committed, is never edited. */
export const applicationsMigrations = [CreateApplicationsEventTables1763700000000, CreateApplicationsAndInvestments1764000000620, OrderApplicationsOutboxEvents1795700000000];
