import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function SystemSettingsPage() {
  return (
    <PortalPage title="System Settings" description="Platform settings, feature toggles and administrator roles.">
      <FeatureNotAvailable feature="System settings" />
    </PortalPage>
  );
}
