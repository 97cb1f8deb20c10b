import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { NOTIFICATION_GROUPS, SettingsText } from './labels';
import type { PreferencesDraftState } from './use-preferences-draft';

/** Which emails and in-app notifications the customer wants; the server obeys them. */
export function NotificationsTab({ state }: { state: PreferencesDraftState }) {
  const { draft } = state;
  if (!draft) return null;
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={SettingsText.alwaysSent} />
      {NOTIFICATION_GROUPS.map((group) => (
        <Card key={group.title} title={group.title} size="small">
          <Flex vertical gap={12}>
            {group.topics.map((topic) => (
              <Flex key={topic.key} justify="space-between" align="center" gap={16}>
                <div>
                  <Typography.Text strong id={`topic-${topic.key}`}>
                    {topic.label}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{topic.description}</Typography.Text>
                </div>
                <Switch aria-labelledby={`topic-${topic.key}`} checked={draft.notifications[topic.key]} onChange={(checked) => state.setNotification(topic.key, checked)} />
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
      <div>
        <Button type="primary" loading={state.saving} onClick={state.savePreferences}>
          Save Preferences
        </Button>
      </div>
    </Flex>
  );
}
