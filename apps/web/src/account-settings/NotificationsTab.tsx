import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_GROUPS } from './labels';
import type { PreferencesDraftState } from './use-preferences-draft';

/** Which emails and in-app notifications the customer wants; the server obeys them. */
export function NotificationsTab({ state }: { state: PreferencesDraftState }) {
  const { t } = useTranslation('account-settings');
  const { draft } = state;
  if (!draft) return null;
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('messages.alwaysSent')} />
      {NOTIFICATION_GROUPS.map((group) => (
        <Card key={group.group} title={t(`notifications.groups.${group.group}`)} size="small">
          <Flex vertical gap={12}>
            {group.topics.map((topic) => (
              <Flex key={topic} justify="space-between" align="center" gap={16}>
                <div>
                  <Typography.Text strong id={`topic-${topic}`}>
                    {t(`notifications.topics.${topic}.label`)}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`notifications.topics.${topic}.description`)}</Typography.Text>
                </div>
                <Switch aria-labelledby={`topic-${topic}`} checked={draft.notifications[topic]} onChange={(checked) => state.setNotification(topic, checked)} />
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
      <div>
        <Button type="primary" loading={state.saving} onClick={state.savePreferences}>
          {t('savePreferences')}
        </Button>
      </div>
    </Flex>
  );
}
