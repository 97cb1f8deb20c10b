import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AccountStatusBadge } from '../../account-settings/AccountStatusBadge';
import { NotificationsTab } from '../../account-settings/NotificationsTab';
import { PreferencesTab } from '../../account-settings/PreferencesTab';
import { ProfileTab } from '../../account-settings/ProfileTab';
import { usePreferencesDraft } from '../../account-settings/use-preferences-draft';
import { SecuritySettings } from '../../account-security/SecuritySettings';
import { PortalPage } from '../../ui/PortalPage';

/** /app/settings, or /app/settings/security (where security emails link) opened on the Security tab. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  const preferences = usePreferencesDraft();
  const preferencesPane = (pane: React.ReactNode) =>
    preferences.query.isError ? (
      <Alert type="error" showIcon title={t('customer.settings.preferencesFailed')} />
    ) : preferences.draft ? (
      pane
    ) : (
      <Spin />
    );
  return (
    <PortalPage title={t('customer.settings.title')} description={<AccountStatusBadge />}>
      <Tabs
        defaultActiveKey={pathname.replace(/\/+$/, '').endsWith('/security') ? 'security' : 'profile'}
        items={[
          { key: 'profile', label: t('customer.settings.profile'), children: <ProfileTab /> },
          { key: 'security', label: t('customer.settings.security'), children: <SecuritySettings /> },
          { key: 'notifications', label: t('customer.settings.notifications'), children: preferencesPane(<NotificationsTab state={preferences} />) },
          { key: 'preferences', label: t('customer.settings.preferences'), children: preferencesPane(<PreferencesTab state={preferences} />) },
        ]}
      />
    </PortalPage>
  );
}
