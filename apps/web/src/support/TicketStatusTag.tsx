import Tag from 'antd/es/tag';
import type { TicketStatus } from './support-api';

const COLOURS: Record<TicketStatus, string> = { open: 'blue', in_progress: 'gold', resolved: 'green', closed: 'default' };

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return <Tag color={COLOURS[status]}>{status.replace('_', ' ')}</Tag>;
}

export const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const shortId = (id: string) => id.slice(0, 8);
export const preview = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);
