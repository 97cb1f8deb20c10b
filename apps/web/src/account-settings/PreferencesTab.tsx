import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataAndPrivacy } from '../account-data/DataAndPrivacy';
import { currencyOptions, DEVICE_TIMEZONE, LANGUAGE_OPTIONS, themeOptions, timezoneOptions, type TimezoneChoice } from './labels';
import { PrivacySettingsDialog } from './PrivacySettingsDialog';
import type { PreferencesDraftState } from './use-preferences-draft';

/** Theme, language, currency and time zone; then Data and Privacy. */
export function PreferencesTab({ state }: { state: PreferencesDraftState }) {
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const { t } = useTranslation('account-settings');
  const { draft, privacy } = state;
  if (!draft || !privacy) return null;
  return (
    <Flex vertical gap={16}>
      <Card title={t('preferences.title')} size="small">
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('preferences.theme')} htmlFor="pref-theme">
                <Select id="pref-theme" options={themeOptions()} value={draft.app.theme} onChange={(value) => state.setApp('theme', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('preferences.language')} htmlFor="pref-language">
                <Select id="pref-language" options={LANGUAGE_OPTIONS} value={draft.app.language} onChange={(value) => state.setApp('language', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('preferences.currency')} htmlFor="pref-currency">
                <Select id="pref-currency" options={currencyOptions()} value={draft.app.currency} onChange={(value) => state.setApp('currency', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('preferences.timezone')} htmlFor="pref-timezone">
                <Select<TimezoneChoice>
                  id="pref-timezone"
                  options={timezoneOptions()}
                  value={draft.app.timezone ?? DEVICE_TIMEZONE}
                  onChange={(value) => state.setApp('timezone', value === DEVICE_TIMEZONE ? null : value)}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Button type="primary" loading={state.saving} onClick={state.savePreferences}>
          {t('savePreferences')}
        </Button>
      </Card>
      {/* One Data and Privacy card (not a card titled the same around it), with the Privacy Settings button in its header. */}
      <DataAndPrivacy extra={<Button onClick={() => setPrivacyOpen(true)}>{t('privacy.title')}</Button>} />
      {privacyOpen && (
        // Mounted on opening, so the switches start from the saved values and nothing resets them while the customer toggles.
        <PrivacySettingsDialog privacy={privacy} saving={state.saving} onSave={(values) => state.savePrivacy(values, () => setPrivacyOpen(false))} onClose={() => setPrivacyOpen(false)} />
      )}
    </Flex>
  );
}
