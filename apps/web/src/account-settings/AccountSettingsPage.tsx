import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { SecuritySettings } from '../account-security/SecuritySettings';
import { PortalPage } from '../ui/PortalPage';
import { AccountStatusBadge } from './AccountStatusBadge';
import { NotificationsTab } from './NotificationsTab';
import { PreferencesTab } from './PreferencesTab';
import { ProfileTab } from './ProfileTab';
import { usePreferencesDraft } from './use-preferences-draft';

/** /app/settings, or /app/settings/security (where security emails link) opened on the Security tab. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('account-settings');
  const { pathname } = useLocation();
  const preferences = usePreferencesDraft();
  const preferencesPane = (pane: React.ReactNode) =>
    preferences.query.isError ? (
      <Alert type="error" showIcon title={t('pages.settings.preferencesFailed')} />
    ) : preferences.draft ? (
      pane
    ) : (
      <Spin />
    );
  return (
    <PortalPage title={t('pages.settings.title')} description={<AccountStatusBadge />}>
      <Tabs
        defaultActiveKey={pathname.replace(/\/+$/, '').endsWith('/security') ? 'security' : 'profile'}
        items={[
          { key: 'profile', label: t('pages.settings.profile'), children: <ProfileTab /> },
          { key: 'security', label: t('pages.settings.security'), children: <SecuritySettings /> },
          { key: 'notifications', label: t('pages.settings.notifications'), children: preferencesPane(<NotificationsTab state={preferences} />) },
          { key: 'preferences', label: t('pages.settings.preferences'), children: preferencesPane(<PreferencesTab state={preferences} />) },
        ]}
      />
    </PortalPage>
  );
}
