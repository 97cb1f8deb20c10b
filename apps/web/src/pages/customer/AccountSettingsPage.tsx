import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
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
  const { pathname } = useLocation();
  const preferences = usePreferencesDraft();
  const preferencesPane = (pane: React.ReactNode) =>
    preferences.query.isError ? (
      <Alert type="error" showIcon message="Failed to load your preferences. Please try again." />
    ) : preferences.draft ? (
      pane
    ) : (
      <Spin />
    );
  return (
    <PortalPage title="Settings" description={<AccountStatusBadge />}>
      <Tabs
        defaultActiveKey={pathname.replace(/\/+$/, '').endsWith('/security') ? 'security' : 'profile'}
        items={[
          { key: 'profile', label: 'Profile', children: <ProfileTab /> },
          { key: 'security', label: 'Security', children: <SecuritySettings /> },
          { key: 'notifications', label: 'Notifications', children: preferencesPane(<NotificationsTab state={preferences} />) },
          { key: 'preferences', label: 'Preferences', children: preferencesPane(<PreferencesTab state={preferences} />) },
        ]}
      />
    </PortalPage>
  );
}
