import { CreateApplicationsEventTables1763700000000 } from './1763700000000-create-applications-event-tables';
import { CreateApplicationsAndInvestments1764000000620 } from './1764000000620-create-applications-and-investments';
import { OrderApplicationsOutboxEvents1795700000000 } from './1795700000000-order-applications-outbox-events';
import { InvestmentTermsForTheLedger1796000000000 } from './1796000000000-investment-terms-for-the-ledger';

/** In order; a migration, once committed, is never edited. */
export const applicationsMigrations = [CreateApplicationsEventTables1763700000000, CreateApplicationsAndInvestments1764000000620, OrderApplicationsOutboxEvents1795700000000, InvestmentTermsForTheLedger1796000000000];
