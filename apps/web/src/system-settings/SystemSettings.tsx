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
import { DataTable } from '../ui/DataTable';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { ADMIN_PERMISSIONS, ADMIN_ROLES, CURRENCIES, FEATURE_TOGGLES, type AdminRole } from '@portal/domain-rules';
import { useAuth } from '../auth/AuthProvider';
import { SettingHistoryPanel } from './SettingHistoryPanel';
import type { AdminSettingView } from './system-settings-api';
import { useSaveSetting, useSystemSettings } from './use-system-settings';

/** The roles whose grants a super admin edits; super_admin always has them all. */
const EDITABLE_ROLES = ADMIN_ROLES.filter((role) => role !== 'super_admin');
const INVESTMENT_TYPES = ['personal', 'corporate', 'gipp'] as const;
const CURRENCIES_EXAMPLE = CURRENCIES.join(', ');
const URL_EXAMPLE = 'https://';
/** Providers with an adapter on the platform; another name can be typed for a vendor adapter to come. */
const BIOMETRIC_PROVIDERS = ['built-in'];

type Values = Record<string, unknown>;
/** A setting's texts in the catalogue: `sections.<name>.title`, `.save` (button) and `.saved` (toast). */
type SectionName = 'general' | 'financialLimits' | 'platformFees' | 'roiRates' | 'supportedCurrencies' | 'cryptoWallets' | 'security' | 'biometric';

interface SectionProps {
  setting: AdminSettingView | undefined;
  section: SectionName;
  canEdit: boolean;
  /** Form values → the whole value sent with PUT. */
  toValue?: (values: Values) => unknown;
  /** Stored value → form values. */
  toForm?: (value: unknown) => Values;
  children: ReactNode;
  extra?: ReactNode;
}

/** One setting in a card: a form that saves the key's whole value, and its history below. */
function SettingSection({ setting, section, canEdit, toValue = (values) => values, toForm = (value) => (value ?? {}) as Values, children, extra }: SectionProps) {
  const { t } = useTranslation('system-settings');
  const title = t(`sections.${section}.title`);
  const [form] = Form.useForm<Values>();
  const save = useSaveSetting(setting?.key ?? '', t(`sections.${section}.saved`));
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
            {t(`sections.${section}.save`)}
          </Button>
        )}
      </Form>
      <SettingHistoryPanel settingKey={setting.key} version={setting.version} />
    </Card>
  );
}

function PercentField({ name }: { name: (typeof INVESTMENT_TYPES)[number] }) {
  const { t } = useTranslation('system-settings');
  const label = t(`investmentTypes.${name}`);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('form.fieldRequired', { label }) }]}>
      <InputNumber min={0} max={100} step={0.1} precision={1} addonAfter="%" style={{ width: 160 }} />
    </Form.Item>
  );
}

function GeneralTab({ find, canEdit }: TabProps) {
  const { t } = useTranslation('system-settings');
  return (
    <SettingSection setting={find('general')} section="general" canEdit={canEdit}>
      <Form.Item name="platformName" label={t('general.platformName')} rules={[{ required: true, message: t('general.platformNameRequired') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="supportEmail" label={t('general.supportEmail')} rules={[{ type: 'email', message: t('form.invalidEmail') }]} normalize={(value: string) => value || null}>
        <Input placeholder={t('form.notConfigured')} />
      </Form.Item>
      <Form.Item name="supportPhone" label={t('general.supportPhone')} normalize={(value: string) => value || null} extra={t('general.supportPhoneHelp')}>
        <Input placeholder={t('form.notConfigured')} />
      </Form.Item>
      <Form.Item name="phoneHours" label={t('general.phoneHours')} rules={[{ required: true, message: t('general.phoneHoursRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="liveChatUrl" label={t('general.liveChatUrl')} normalize={(value: string) => value || null} extra={t('general.liveChatUrlHelp')}>
        <Input placeholder={URL_EXAMPLE} />
      </Form.Item>
      <Form.Item name="liveChatHours" label={t('general.liveChatHours')} rules={[{ required: true, message: t('general.liveChatHoursRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="liveChatResponseTime" label={t('general.liveChatResponseTime')} rules={[{ required: true, message: t('form.required') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="emailResponseTime" label={t('general.emailResponseTime')} rules={[{ required: true, message: t('form.required') }]}>
        <Input />
      </Form.Item>
    </SettingSection>
  );
}

function FinancialTab({ find, canEdit }: TabProps) {
  const { t } = useTranslation('system-settings');
  return (
    <>
      <SettingSection setting={find('financial_limits')} section="financialLimits" canEdit={canEdit}>
        <Form.Item name="minimumWithdrawal" label={t('financial.minimumWithdrawal')} rules={[{ required: true, message: t('financial.minimumWithdrawalRequired') }]}>
          <InputNumber min={1} step={1} precision={2} addonBefore="$" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="withdrawalRequiresKyc" label={t('financial.withdrawalRequiresKyc')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="fourEyesThreshold" label={t('financial.fourEyesThreshold')} extra={t('financial.fourEyesThresholdHelp')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={0} step={100} precision={2} addonBefore="$" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="investmentFundingDays" label={t('financial.investmentFundingDays')} extra={t('financial.investmentFundingDaysHelp')}>
          <InputNumber min={1} max={365} step={1} precision={0} placeholder="30" style={{ width: 220 }} />
        </Form.Item>
      </SettingSection>
      <SettingSection setting={find('platform_fees')} section="platformFees" canEdit={canEdit}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>{INVESTMENT_TYPES.map((name) => <PercentField key={name} name={name} />)}</div>
      </SettingSection>
      <SettingSection setting={find('roi_rates')} section="roiRates" canEdit={canEdit}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>{INVESTMENT_TYPES.map((name) => <PercentField key={name} name={name} />)}</div>
      </SettingSection>
      <SettingSection
        setting={find('supported_currencies')}
        section="supportedCurrencies"
        canEdit={canEdit}
        toForm={(value) => ({ currencies: Array.isArray(value) ? value.join(', ') : '' })}
        toValue={(values) => String(values.currencies ?? '')}
      >
        <Form.Item name="currencies" label={t('financial.currencies')} rules={[{ required: true, message: t('financial.currenciesRequired') }]}>
          <Input placeholder={CURRENCIES_EXAMPLE} />
        </Form.Item>
      </SettingSection>
      <SettingSection setting={find('crypto_wallets')} section="cryptoWallets" canEdit={canEdit}>
        <Form.Item name="bitcoin" label={t('financial.bitcoin')} normalize={(value: string) => value || null}>
          <Input placeholder={t('form.notConfigured')} />
        </Form.Item>
        <Form.Item name="ethereum" label={t('financial.ethereum')} normalize={(value: string) => value || null}>
          <Input placeholder={t('form.notConfigured')} />
        </Form.Item>
      </SettingSection>
    </>
  );
}

function FeaturesTab({ find, canEdit }: TabProps) {
  const { t } = useTranslation('system-settings');
  const setting = find('feature_toggles');
  const save = useSaveSetting('feature_toggles', t('features.saved'));
  const toggles = (setting?.value ?? {}) as Record<string, boolean>;
  if (!setting) return null;
  return (
    <Card title={t('features.title')} data-setting="feature_toggles">
      <DataTable
        size="small"
        pagination={false}
        rowKey="toggle"
        dataSource={FEATURE_TOGGLES.map((toggle) => ({ toggle }))}
        columns={[
          {
            title: t('features.feature'),
            dataIndex: 'toggle',
            render: (toggle: string) =>
              toggle === 'sms_notifications' ? (
                // Stored and shown, but honest: nothing sends text messages yet.
                <>
                  {t(`features.${toggle}`)}
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {t('features.sms_notifications_note')}
                  </Typography.Text>
                </>
              ) : (
                t(`features.${toggle}`)
              ),
          },
          {
            title: t('features.enabled'),
            dataIndex: 'toggle',
            key: 'enabled',
            render: (toggle: string) => (
              <Switch
                aria-label={t(`features.${toggle}`)}
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
  const { t } = useTranslation('system-settings');
  return (
    <>
      <SettingSection setting={find('security')} section="security" canEdit={canEdit}>
        <Form.Item name="sessionIdleMinutes" label={t('security.sessionIdleMinutes')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={5} max={1440} precision={0} />
        </Form.Item>
        <Form.Item name="sessionAbsoluteHours" label={t('security.sessionAbsoluteHours')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={1} max={720} precision={0} />
        </Form.Item>
        <Form.Item name="maxFailedLogins" label={t('security.maxFailedLogins')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={3} max={20} precision={0} />
        </Form.Item>
        <Form.Item name="requireAdminMfa" label={t('security.requireAdminMfa')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </SettingSection>
      <Card title={t('security.dataProtection')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('security.encryption')}>{t('security.encryptionValue')}</Descriptions.Item>
          <Descriptions.Item label={t('security.backups')}>{t('security.backupsValue')}</Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}

function BiometricTab({ find, canEdit }: TabProps) {
  const { t } = useTranslation('system-settings');
  const setting = find('biometric_verification_config');
  const config = (setting?.value ?? {}) as { provider?: string | null; apiKeyMasked?: string | null; isEnabled?: boolean; isConfigured?: boolean };
  return (
    <SettingSection
      setting={setting}
      section="biometric"
      canEdit={canEdit}
      extra={config.isConfigured ? <Tag color="green">{t('biometric.configured')}</Tag> : <Tag>{t('biometric.notConfigured')}</Tag>}
      toForm={(value) => {
        const stored = (value ?? {}) as typeof config;
        return { provider: stored.provider ?? undefined, apiKey: '', isEnabled: stored.isEnabled === true };
      }}
      // An empty key field keeps the stored key (it is never sent to the browser).
      toValue={(values) => ({ provider: values.provider || null, isEnabled: values.isEnabled === true, ...(values.apiKey ? { apiKey: values.apiKey } : {}) })}
    >
      <Form.Item name="provider" label={t('biometric.provider')}>
        <Select allowClear options={BIOMETRIC_PROVIDERS.map((provider) => ({ value: provider, label: provider }))} placeholder={t('biometric.providerPlaceholder')} style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="apiKey" label={t('biometric.apiKey')} extra={config.apiKeyMasked ? t('biometric.keyStored', { masked: config.apiKeyMasked }) : t('biometric.noKey')}>
        <Input.Password autoComplete="off" placeholder={config.apiKeyMasked ?? ''} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="isEnabled" label={t('biometric.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </SettingSection>
  );
}

function RolesTab({ find, canEdit }: TabProps) {
  const { t } = useTranslation('system-settings');
  const setting = find('admin_roles');
  const save = useSaveSetting('admin_roles', t('roles.saved'));
  const stored = (setting?.value ?? {}) as Record<string, string[]>;
  const [roles, setRoles] = useState<Record<string, string[]>>(stored);
  useEffect(() => setRoles((setting?.value ?? {}) as Record<string, string[]>), [setting?.version, setting?.value]);
  if (!setting) return null;
  const toggle = (role: string, permission: string, on: boolean) =>
    setRoles((current) => ({ ...current, [role]: on ? [...(current[role] ?? []), permission] : (current[role] ?? []).filter((granted) => granted !== permission) }));
  return (
    <Card title={t('roles.title')} data-setting="admin_roles" extra={<Tag color="gold">{t('roles.superAdminAll')}</Tag>}>
      <DataTable
        size="small"
        pagination={false}
        rowKey="role"
        scroll={{ x: 800 }}
        dataSource={EDITABLE_ROLES.map((role) => ({ role }))}
        columns={[
          { title: t('roles.role'), dataIndex: 'role', render: (role: AdminRole) => t(`roles.names.${role}`) },
          ...ADMIN_PERMISSIONS.map((permission) => ({
            title: t(`roles.permissions.${permission}`),
            key: permission,
            render: (_: unknown, row: { role: string }) => (
              <Checkbox aria-label={t('roles.checkbox', { role: t(`roles.names.${row.role}`), permission: t(`roles.permissions.${permission}`) })} disabled={!canEdit} checked={(roles[row.role] ?? []).includes(permission)} onChange={(event) => toggle(row.role, permission, event.target.checked)} />
            ),
          })),
        ]}
      />
      {canEdit && (
        <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={() => save.mutate({ ...roles, super_admin: ['all'] })}>
          {t('roles.save')}
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
  const { t } = useTranslation('system-settings');
  const { user } = useAuth();
  const settings = useSystemSettings();
  const canEdit = user?.adminRole === 'super_admin';
  if (settings.isLoading) return <Skeleton active />;
  if (settings.isError) return <Result status="warning" title={t('messages.loadFailed')} subTitle={serverMessage(settings.error) ?? t('messages.tryAgain')} />;
  const find = (key: string) => settings.data?.items.find((item) => item.key === key);
  const props = { find, canEdit };
  return (
    <>
      {!canEdit && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('messages.superAdminOnly')} />}
      <Tabs
        items={[
          { key: 'general', label: t('tabs.general'), children: <GeneralTab {...props} /> },
          { key: 'financial', label: t('tabs.financial'), children: <FinancialTab {...props} /> },
          { key: 'features', label: t('tabs.features'), children: <FeaturesTab {...props} /> },
          { key: 'security', label: t('tabs.security'), children: <SecurityTab {...props} /> },
          { key: 'biometric', label: t('tabs.biometric'), children: <BiometricTab {...props} /> },
          { key: 'roles', label: t('tabs.roles'), children: <RolesTab {...props} /> },
        ]}
      />
    </>
  );
}
