import { i18n } from '../i18n/i18n';
import { texts } from '../i18n/texts';
import type { TicketStatus, TicketView } from './support-api';

type TicketCategory = TicketView['category'];

/** Spec 02 §8: `ticketFailed`, the message when creating, updating or deleting a ticket fails. */
export const SupportText = texts('support', ['ticketFailed'] as const);

/** The categories are values the server stores; their texts are in the catalogue under these keys. */
const CATEGORY_KEYS: Record<TicketCategory, string> = {
  'Account Setup': 'accountSetup',
  Investing: 'investing',
  Payments: 'payments',
  Security: 'security',
  Technical: 'technical',
};

/** A ticket category ("Account Setup") in the shown language. */
export function categoryText(category: TicketCategory): string {
  return i18n.t(`support:categories.${CATEGORY_KEYS[category]}`, { defaultValue: category });
}

/** A ticket status as tags and buttons show it ("in progress"), in the shown language. */
export function ticketStatusText(status: TicketStatus | 'all'): string {
  return i18n.t(`support:status.${status}`, { defaultValue: status.replace('_', ' ') });
}

/** A ticket priority as its tag shows it ("high"), in the shown language. */
export function priorityText(priority: string): string {
  return i18n.t(`support:priority.${priority}`, { defaultValue: priority });
}
