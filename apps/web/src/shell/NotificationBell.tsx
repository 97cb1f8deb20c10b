import BellOutlined from '@ant-design/icons/BellOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import { useUnreadCount } from '../notifications/use-unread-count';

function describe(count: number | undefined): string {
  if (count === undefined) return 'Notifications are not available right now.';
  if (count === 0) return 'You have no unread notifications.';
  return count === 1 ? 'You have 1 unread notification.' : `You have ${count} unread notifications.`;
}

/** Header bell; the badge shows only a count the server reported, never a placeholder. */
export function NotificationBell() {
  const count = useUnreadCount();
  const summary = describe(count);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Notifications"
      content={<Typography.Text type="secondary">{summary}</Typography.Text>}
    >
      <Button type="text" shape="circle" aria-label={`Notifications. ${summary}`}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
