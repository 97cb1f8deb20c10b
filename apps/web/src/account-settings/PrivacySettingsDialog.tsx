import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('account-settings');
  return (
    <Modal
      open
      title={t('privacy.title')}
      okText={t('privacy.save')}
      confirmLoading={saving}
      onOk={() => onSave(values)}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        {PRIVACY_TOGGLES.map((toggle) => (
          <Flex key={toggle} justify="space-between" align="center" gap={16}>
            <div>
              <Typography.Text strong id={`privacy-${toggle}`}>
                {t(`privacy.toggles.${toggle}.label`)}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t(`privacy.toggles.${toggle}.description`)}</Typography.Text>
            </div>
            <Switch aria-labelledby={`privacy-${toggle}`} checked={values[toggle]} onChange={(checked) => setValues((current) => ({ ...current, [toggle]: checked }))} />
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
