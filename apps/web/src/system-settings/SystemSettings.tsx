import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useEffect, useState, type ReactNode } from 'react';
import { serverMessage } from '../api/api-error';
import { useAuth } from '../auth/AuthProvider';
import { SettingHistoryPanel } from './SettingHistoryPanel';
import type { AdminSettingView } from './system-settings-api';
import { useSaveSetting, useSystemSettings } from './use-system-settings';

const FEATURE_LABELS: Record<string, string> = {
  investments_enabled: 'Investments',
  withdrawals_enabled: 'Withdrawals',
  new_registrations: 'New registrations',
  email_notifications: 'Email notifications',
  kyc_verification: 'KYC verification',
  crypto_payments: 'Crypto payments',
  bank_transfers: 'Bank transfers',
  sms_notifications: 'SMS notifications',
};
const PERMISSIONS = ['users', 'investments', 'transactions', 'kyc', 'tickets', 'notifications', 'reports', 'settings'] as const;
const ROLES = ['admin', 'moderator', 'support'] as const;
const INVESTMENT_TYPES = [
  ['personal', 'Personal'],
  ['corporate', 'Corporate'],
  ['gipp', 'GIPP'],
] as const;
/** Providers with an adapter on the platform; another name can be typed for a vendor adapter to come. */
const BIOMETRIC_PROVIDERS = ['built-in'];

type Values = Record<string, unknown>;

interface SectionProps {
  setting: AdminSettingView | undefined;
  title: string;
  label: string;
  canEdit: boolean;
  /** Form values → the whole value sent with PUT. */
  toValue?: (values: Values) => unknown;
  /** Stored value → form values. */
  toForm?: (value: unknown) => Values;
  children: ReactNode;
  extra?: ReactNode;
}

/** One setting in a card: a form that saves the key's whole value, and its history below. */
function SettingSection({ setting, title, label, canEdit, toValue = (values) => values, toForm = (value) => (value ?? {}) as Values, children, extra }: SectionProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveSetting(setting?.key ?? '', label);
  useEffect(() => {
    if (setting) form.setFieldsValue(toForm(setting.value));
    // Reset only when the server's value (version) changes.
  }, [setting?.version, setting?.key]);
  if (!setting) return null;
  return (
    <Card title={title} extra={extra} style={{ marginBottom: 16 }} data-setting={setting.key}>
      <Form form={form} layout="vertical" disabled={!canEdit} onFinish={(values) => save.mutate(toValue(values))} aria-label={title}>
        {children}
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save {label}
          </Button>
        )}
      </Form>
      <SettingHistoryPanel settingKey={setting.key} version={setting.version} />
    </Card>
  );
}

const percentField = (name: string, label: string) => (
  <Form.Item key={name} name={name} label={label} rules={[{ required: true, message: `${label} is required` }]}>
    <InputNumber min={0} max={100} step={0.1} precision={1} addonAfter="%" style={{ width: 160 }} />
  </Form.Item>
);

function GeneralTab({ find, canEdit }: TabProps) {
  return (
    <SettingSection setting={find('general')} title="General" label="General settings" canEdit={canEdit}>
      <Form.Item name="platformName" label="Platform name" rules={[{ required: true, message: 'Platform name is required' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="supportEmail" label="Support email" rules={[{ type: 'email', message: 'Please enter a valid email address' }]} normalize={(value: string) => value || null}>
        <Input placeholder="Not configured" />
      </Form.Item>
      <Form.Item name="supportPhone" label="Support phone" normalize={(value: string) => value || null} extra="Empty: phone support is shown as unavailable.">
        <Input placeholder="Not configured" />
      </Form.Item>
      <Form.Item name="phoneHours" label="Phone hours" rules={[{ required: true, message: 'Phone hours are required' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="liveChatUrl" label="Live chat link" normalize={(value: string) => value || null} extra="Empty: live chat is not connected.">
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="liveChatHours" label="Live chat hours" rules={[{ required: true, message: 'Live chat hours are required' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="liveChatResponseTime" label="Live chat average response" rules={[{ required: true, message: 'Required' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="emailResponseTime" label="Email response time" rules={[{ required: true, message: 'Required' }]}>
        <Input />
      </Form.Item>
    </SettingSection>
  );
}

function FinancialTab({ find, canEdit }: TabProps) {
  return (
    <>
      <SettingSection setting={find('financial_limits')} title="Financial Limits" label="Financial limits" canEdit={canEdit}>
        <Form.Item name="minimumWithdrawal" label="Minimum withdrawal" rules={[{ required: true, message: 'Minimum withdrawal is required' }]}>
          <InputNumber min={1} step={1} precision={2} addonBefore="$" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="withdrawalRequiresKyc" label="Withdrawals require verified KYC" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="fourEyesThreshold" label="Second approval above" extra="Withdrawals above this amount are paid only after two different administrators approve them." rules={[{ required: true, message: 'Required' }]}>
          <InputNumber min={0} step={100} precision={2} addonBefore="$" style={{ width: 220 }} />
        </Form.Item>
      </SettingSection>
      <SettingSection setting={find('platform_fees')} title="Platform Fees" label="Platform fees" canEdit={canEdit}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>{INVESTMENT_TYPES.map(([name, label]) => percentField(name, label))}</div>
      </SettingSection>
      <SettingSection setting={find('roi_rates')} title="ROI Rates" label="ROI rates" canEdit={canEdit}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>{INVESTMENT_TYPES.map(([name, label]) => percentField(name, label))}</div>
      </SettingSection>
      <SettingSection
        setting={find('supported_currencies')}
        title="Supported Currencies"
        label="Supported currencies"
        canEdit={canEdit}
        toForm={(value) => ({ currencies: Array.isArray(value) ? value.join(', ') : '' })}
        toValue={(values) => String(values.currencies ?? '')}
      >
        <Form.Item name="currencies" label="Currencies (comma-separated)" rules={[{ required: true, message: 'Name at least one currency' }]}>
          <Input placeholder="USD, EUR, GBP, SGD" />
        </Form.Item>
      </SettingSection>
      <SettingSection setting={find('crypto_wallets')} title="Crypto Wallets" label="Crypto wallets" canEdit={canEdit}>
        <Form.Item name="bitcoin" label="Bitcoin receiving address" normalize={(value: string) => value || null}>
          <Input placeholder="Not configured" />
        </Form.Item>
        <Form.Item name="ethereum" label="Ethereum receiving address" normalize={(value: string) => value || null}>
          <Input placeholder="Not configured" />
        </Form.Item>
      </SettingSection>
    </>
  );
}

function FeaturesTab({ find, canEdit }: TabProps) {
  const setting = find('feature_toggles');
  const save = useSaveSetting('feature_toggles', 'Feature toggles');
  const toggles = (setting?.value ?? {}) as Record<string, boolean>;
  if (!setting) return null;
  return (
    <Card title="Feature Toggles" data-setting="feature_toggles">
      <Table
        size="small"
        pagination={false}
        rowKey="toggle"
        dataSource={Object.keys(FEATURE_LABELS).map((toggle) => ({ toggle }))}
        columns={[
          { title: 'Feature', dataIndex: 'toggle', render: (toggle: string) => FEATURE_LABELS[toggle] },
          {
            title: 'Enabled',
            dataIndex: 'toggle',
            key: 'enabled',
            render: (toggle: string) => (
              <Switch
                aria-label={FEATURE_LABELS[toggle]}
                checked={toggles[toggle] === true}
                disabled={!canEdit}
                loading={save.isPending}
                onChange={(checked) => save.mutate({ ...toggles, [toggle]: checked })}
              />
            ),
          },
        ]}
      />
      <SettingHistoryPanel settingKey="feature_toggles" version={setting.version} />
    </Card>
  );
}

function SecurityTab({ find, canEdit }: TabProps) {
  return (
    <>
      <SettingSection setting={find('security')} title="Sessions and Sign-in" label="Security settings" canEdit={canEdit}>
        <Form.Item name="sessionIdleMinutes" label="Session idle time-out (minutes)" rules={[{ required: true, message: 'Required' }]}>
          <InputNumber min={5} max={1440} precision={0} />
        </Form.Item>
        <Form.Item name="sessionAbsoluteHours" label="Session absolute time-out (hours)" rules={[{ required: true, message: 'Required' }]}>
          <InputNumber min={1} max={720} precision={0} />
        </Form.Item>
        <Form.Item name="maxFailedLogins" label="Failed sign-ins before lock-out" rules={[{ required: true, message: 'Required' }]}>
          <InputNumber min={3} max={20} precision={0} />
        </Form.Item>
        <Form.Item name="requireAdminMfa" label="Administrators must use two-factor sign-in" valuePropName="checked">
          <Switch />
        </Form.Item>
      </SettingSection>
      <Card title="Data Protection">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Encryption">AES-256</Descriptions.Item>
          <Descriptions.Item label="Backups">Daily</Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}

function BiometricTab({ find, canEdit }: TabProps) {
  const setting = find('biometric_verification_config');
  const config = (setting?.value ?? {}) as { provider?: string | null; apiKeyMasked?: string | null; isEnabled?: boolean; isConfigured?: boolean };
  return (
    <SettingSection
      setting={setting}
      title="Biometric Verification"
      label="Biometric configuration"
      canEdit={canEdit}
      extra={config.isConfigured ? <Tag color="green">Configured</Tag> : <Tag>Not configured</Tag>}
      toForm={(value) => {
        const stored = (value ?? {}) as typeof config;
        return { provider: stored.provider ?? undefined, apiKey: '', isEnabled: stored.isEnabled === true };
      }}
      // An empty key field keeps the stored key (it is never sent to the browser).
      toValue={(values) => ({ provider: values.provider || null, isEnabled: values.isEnabled === true, ...(values.apiKey ? { apiKey: values.apiKey } : {}) })}
    >
      <Form.Item name="provider" label="Provider">
        <Select allowClear options={BIOMETRIC_PROVIDERS.map((provider) => ({ value: provider, label: provider }))} placeholder="Select a provider" style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="apiKey" label="API key" extra={config.apiKeyMasked ? `A key is stored (${config.apiKeyMasked}). Leave empty to keep it.` : 'No key stored.'}>
        <Input.Password autoComplete="off" placeholder={config.apiKeyMasked ?? ''} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="isEnabled" label="Enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
    </SettingSection>
  );
}

function RolesTab({ find, canEdit }: TabProps) {
  const setting = find('admin_roles');
  const save = useSaveSetting('admin_roles', 'Admin roles');
  const stored = (setting?.value ?? {}) as Record<string, string[]>;
  const [roles, setRoles] = useState<Record<string, string[]>>(stored);
  useEffect(() => setRoles((setting?.value ?? {}) as Record<string, string[]>), [setting?.version, setting?.value]);
  if (!setting) return null;
  const toggle = (role: string, permission: string, on: boolean) =>
    setRoles((current) => ({ ...current, [role]: on ? [...(current[role] ?? []), permission] : (current[role] ?? []).filter((granted) => granted !== permission) }));
  return (
    <Card title="Admin Roles" data-setting="admin_roles" extra={<Tag color="gold">super_admin: all permissions</Tag>}>
      <Table
        size="small"
        pagination={false}
        rowKey="role"
        dataSource={ROLES.map((role) => ({ role }))}
        columns={[
          { title: 'Role', dataIndex: 'role' },
          ...PERMISSIONS.map((permission) => ({
            title: permission,
            key: permission,
            render: (_: unknown, row: { role: string }) => (
              <Checkbox aria-label={`${row.role} ${permission}`} disabled={!canEdit} checked={(roles[row.role] ?? []).includes(permission)} onChange={(event) => toggle(row.role, permission, event.target.checked)} />
            ),
          })),
        ]}
      />
      {canEdit && (
        <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={() => save.mutate({ ...roles, super_admin: ['all'] })}>
          Save Admin roles
        </Button>
      )}
      <SettingHistoryPanel settingKey="admin_roles" version={setting.version} />
    </Card>
  );
}

interface TabProps {
  find: (key: string) => AdminSettingView | undefined;
  canEdit: boolean;
}

/** System Settings (spec 02 §2): six tabs; only super administrators change anything. */
export function SystemSettings() {
  const { user } = useAuth();
  const settings = useSystemSettings();
  const canEdit = user?.adminRole === 'super_admin';
  if (settings.isLoading) return <Skeleton active />;
  if (settings.isError) return <Result status="warning" title="Failed to load settings" subTitle={serverMessage(settings.error) ?? 'Please try again.'} />;
  const find = (key: string) => settings.data?.items.find((item) => item.key === key);
  const props = { find, canEdit };
  return (
    <>
      {!canEdit && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="Only super administrators can change platform settings." />}
      <Tabs
        items={[
          { key: 'general', label: 'General', children: <GeneralTab {...props} /> },
          { key: 'financial', label: 'Financial', children: <FinancialTab {...props} /> },
          { key: 'features', label: 'Features', children: <FeaturesTab {...props} /> },
          { key: 'security', label: 'Security', children: <SecurityTab {...props} /> },
          { key: 'biometric', label: 'Biometric', children: <BiometricTab {...props} /> },
          { key: 'roles', label: 'Roles', children: <RolesTab {...props} /> },
        ]}
      />
    </>
  );
}
