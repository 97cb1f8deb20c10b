import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { PRIVACY_TOGGLES } from './labels';
import type { PrivacyPreferences } from './preferences-api';

/** The five privacy toggles, from the saved values when it opens, saved on the server when confirmed. */
export function PrivacySettingsDialog({
  privacy,
  saving,
  onSave,
  onClose,
}: {
  privacy: PrivacyPreferences;
  saving: boolean;
  onSave: (privacy: PrivacyPreferences) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(privacy);
  return (
    <Modal
      open
      title="Privacy Settings"
      okText="Save Privacy Settings"
      confirmLoading={saving}
      onOk={() => onSave(values)}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        {PRIVACY_TOGGLES.map((toggle) => (
          <Flex key={toggle.key} justify="space-between" align="center" gap={16}>
            <div>
              <Typography.Text strong id={`privacy-${toggle.key}`}>
                {toggle.label}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{toggle.description}</Typography.Text>
            </div>
            <Switch aria-labelledby={`privacy-${toggle.key}`} checked={values[toggle.key]} onChange={(checked) => setValues((current) => ({ ...current, [toggle.key]: checked }))} />
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
