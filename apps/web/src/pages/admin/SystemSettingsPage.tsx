import { PortalPage } from '../../ui/PortalPage';
import { SystemSettings } from '../../system-settings/SystemSettings';

export default function SystemSettingsPage() {
  return (
    <PortalPage title="System Settings" description="Platform settings, feature toggles and administrator roles.">
      <SystemSettings />
    </PortalPage>
  );
}
