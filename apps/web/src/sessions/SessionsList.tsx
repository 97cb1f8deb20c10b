import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../ui/date-format';
import type { SessionView } from './sessions-api';

/** The device's name as identity gave it, else the words for an unknown one. */
export function useDeviceLabel() {
  const { t } = useTranslation('sessions');
  return (session: SessionView) => session.device ?? t('list.unknownDevice');
}

/**
 * Live sessions, one row each: device and browser, address, first and last seen, "This
 * device" on the caller's own; `onEnd` (asked to confirm by the caller) on every other one.
 */
export function SessionsList({ sessions, onEnd, ending }: { sessions: SessionView[]; onEnd: (session: SessionView) => void; ending?: string | null }) {
  const { t } = useTranslation('sessions');
  const deviceLabel = useDeviceLabel();
  if (sessions.length === 0) return <Typography.Text type="secondary">{t('list.empty')}</Typography.Text>;
  return (
    <ul aria-label={t('list.label')} data-testid="sessions-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {sessions.map((session) => (
        <li key={session.id} data-testid="session-row" style={{ padding: '12px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.2)' }}>
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Flex gap={12} align="flex-start">
              <DesktopOutlined aria-hidden style={{ fontSize: 20, marginTop: 4 }} />
              <div>
                <Typography.Text strong>{deviceLabel(session)}</Typography.Text>{' '}
                {session.current && <Tag color="green">{t('list.thisDevice')}</Tag>}
                <br />
                <Typography.Text type="secondary">{t('list.address', { address: session.address ?? t('list.unknownAddress') })}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t('list.seen', { first: formatDateTime(session.createdAt), last: formatDateTime(session.lastSeenAt) })}
                </Typography.Text>
                {session.userAgent && session.device === null && (
                  <>
                    <br />
                    <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                      {session.userAgent}
                    </Typography.Text>
                  </>
                )}
              </div>
            </Flex>
            {!session.current && (
              <Button danger loading={ending === session.id} onClick={() => onEnd(session)} aria-label={t('list.endNamed', { device: deviceLabel(session) })}>
                {t('list.end')}
              </Button>
            )}
          </Flex>
        </li>
      ))}
    </ul>
  );
}
