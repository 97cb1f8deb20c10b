import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useState } from 'react';
import { DataAndPrivacy } from '../account-data/DataAndPrivacy';
import { CURRENCY_OPTIONS, LANGUAGE_OPTIONS, THEME_OPTIONS, TIMEZONE_OPTIONS } from './labels';
import { PrivacySettingsDialog } from './PrivacySettingsDialog';
import type { PreferencesDraftState } from './use-preferences-draft';

/** Theme, language, currency and time zone; then Data and Privacy. */
export function PreferencesTab({ state }: { state: PreferencesDraftState }) {
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const { draft, privacy } = state;
  if (!draft || !privacy) return null;
  return (
    <Flex vertical gap={16}>
      <Card title="App Preferences" size="small">
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Theme" htmlFor="pref-theme">
                <Select id="pref-theme" options={THEME_OPTIONS} value={draft.app.theme} onChange={(value) => state.setApp('theme', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Language" htmlFor="pref-language">
                <Select id="pref-language" options={LANGUAGE_OPTIONS} value={draft.app.language} onChange={(value) => state.setApp('language', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Currency" htmlFor="pref-currency">
                <Select id="pref-currency" options={CURRENCY_OPTIONS} value={draft.app.currency} onChange={(value) => state.setApp('currency', value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Time Zone" htmlFor="pref-timezone">
                <Select id="pref-timezone" options={TIMEZONE_OPTIONS} value={draft.app.timezone} onChange={(value) => state.setApp('timezone', value)} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Button type="primary" loading={state.saving} onClick={state.savePreferences}>
          Save Preferences
        </Button>
      </Card>
      <Card title="Data and Privacy" size="small" extra={<Button onClick={() => setPrivacyOpen(true)}>Privacy Settings</Button>}>
        <DataAndPrivacy />
      </Card>
      {privacyOpen && (
        // Mounted on opening, so the switches start from the saved values and nothing resets them while the customer toggles.
        <PrivacySettingsDialog privacy={privacy} saving={state.saving} onSave={(values) => state.savePrivacy(values, () => setPrivacyOpen(false))} onClose={() => setPrivacyOpen(false)} />
      )}
    </Flex>
  );
}
