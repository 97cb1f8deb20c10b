import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { ticketStatusText } from './labels';
import type { TicketStatus } from './support-api';
import { formatDateTime } from '../ui/date-format';

const COLOURS: Record<TicketStatus, string> = { open: 'blue', in_progress: 'gold', resolved: 'green', closed: 'default' };

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  useTranslation('support'); // re-render when the language changes
  return <Tag color={COLOURS[status]}>{ticketStatusText(status)}</Tag>;
}

/** In the customer's language and time zone (ui/date-format). */
export const dateTime = { format: (date: Date) => formatDateTime(date.toISOString()) };
export const shortId = (id: string) => id.slice(0, 8);
export const preview = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);
