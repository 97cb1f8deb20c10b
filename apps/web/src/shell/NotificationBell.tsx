import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationView } from '../notifications/notifications-api';
import { notificationText } from '../notifications/notification-text';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../notifications/use-notifications';
import { useUnreadCount } from '../notifications/use-unread-count';
import { i18n } from '../i18n/i18n';
import { formatDateTime } from '../ui/date-format';

function describe(count: number | undefined): string {
  if (count === undefined) return i18n.t('shell:notifications.unavailable');
  if (count === 0) return i18n.t('shell:notifications.noneUnread');
  return i18n.t('shell:notifications.unread', { count });
}

const TYPE_COLOURS: Record<NotificationView['type'], string> = { info: '#1677ff', success: '#52c41a', warning: '#faad14', error: '#ff4d4f' };
/** In the customer's language and time zone (ui/date-format). */
const dateTime = { format: (date: Date) => formatDateTime(date.toISOString()) };

function NotificationItem({ item, onRead }: { item: NotificationView; onRead: (id: string) => void }) {
  const unread = !item.readAt;
  const { t } = useTranslation('shell');
  // In the language the page is read in, not the one the server wrote it in (issue 30).
  const { title, message } = notificationText(item);
  return (
    <li
      data-testid="notification-item"
      style={{ listStyle: 'none', padding: '10px 4px', borderBottom: '1px solid #f0f0f0', display: 'flex', gap: 10 }}
    >
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, marginTop: 7, flex: 'none', background: unread ? TYPE_COLOURS[item.type] : 'transparent' }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong={unread}>{title}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0, fontSize: 13 }} type="secondary">
          {message}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dateTime.format(new Date(item.createdAt))}
        </Typography.Text>
      </div>
      {unread && (
        <Button size="small" type="link" onClick={() => onRead(item.id)} aria-label={t('notifications.markItemRead', { title })}>
          {t('notifications.markRead')}
        </Button>
      )}
    </li>
  );
}

function NotificationPanel({ summary, count }: { summary: string; count: number | undefined }) {
  const list = useNotificationList(true);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = list.data?.items ?? [];
  const { t } = useTranslation('shell');
  return (
    // The popover opens under the bell, right-aligned to it: on a phone it may only be as wide as the room left of the bell.
    <div style={{ width: 360, maxWidth: 'calc(100vw - 104px)' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}>
        <Typography.Text type="secondary">{summary}</Typography.Text>
        <Button size="small" type="link" disabled={!count} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isError && <Typography.Text type="danger">{t('notifications.loadFailed')}</Typography.Text>}
      {list.isSuccess && items.length === 0 && <Typography.Paragraph type="secondary">{t('notifications.empty')}</Typography.Paragraph>}
      <ul style={{ maxHeight: 400, overflowY: 'auto', margin: 0, padding: 0 }} aria-label={t('notifications.list')}>
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onRead={(id) => markRead.mutate(id)} />
        ))}
      </ul>
    </div>
  );
}

/** Header bell: the badge shows only a count the server reported, never a placeholder; the list loads on opening. */
export function NotificationBell() {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  // The notifications' own texts (notifications:inbox) come with the bell, so opening it never waits for them.
  const { t } = useTranslation(['shell', 'notifications']);
  const summary = describe(count);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('notifications.title')}
      open={open}
      onOpenChange={setOpen}
      content={open ? <NotificationPanel summary={summary} count={count} /> : null}
    >
      <Button type="text" shape="circle" aria-label={t('notifications.bellLabel', { summary })} data-unread-count={count ?? ''}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
