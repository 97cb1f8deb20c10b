import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from './support-api';
import { dateTime } from './TicketStatusTag';

/** A ticket's messages, oldest first, each with its author and time. */
export function Conversation({ ticket, viewer }: { ticket: TicketDetail; viewer: 'customer' | 'admin' }) {
  const { t } = useTranslation('support');
  return (
    <ol aria-label={t('conversation.label')} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
      {ticket.messages.map((message) => {
        const mine = message.authorRole === viewer;
        return (
          <li
            key={message.id}
            data-testid="ticket-message"
            style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%', background: message.authorRole === 'admin' ? '#f0f5ff' : '#f6ffed', borderRadius: 8, padding: '8px 12px' }}
          >
            <Typography.Text strong style={{ fontSize: 12 }}>
              {message.authorRole === 'admin' ? t('conversation.supportTeam') : viewer === 'admin' ? t('common.customer') : t('conversation.you')}
            </Typography.Text>
            <Typography.Paragraph style={{ margin: '2px 0', whiteSpace: 'pre-wrap' }}>{message.body}</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {dateTime.format(new Date(message.createdAt))}
            </Typography.Text>
          </li>
        );
      })}
    </ol>
  );
}
