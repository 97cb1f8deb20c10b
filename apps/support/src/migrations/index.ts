import { CreateSupportEventTables1763700000000 } from './1763700000000-create-support-event-tables';
import { CreateTickets1764000000000 } from './1764000000000-create-tickets';
import { OrderSupportOutboxEvents1795700000000 } from './1795700000000-order-support-outbox-events';
import { NumberTicketMessages1796000000000 } from './1796000000000-number-ticket-messages';
import { NumberTicketMessagesOnInsert1796000000001 } from './1796000000001-number-ticket-messages-on-insert';

/** In order; a migration, once committed, is never edited. */
export const supportMigrations = [CreateSupportEventTables1763700000000, CreateTickets1764000000000, OrderSupportOutboxEvents1795700000000, NumberTicketMessages1796000000000, NumberTicketMessagesOnInsert1796000000001];
