import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function AccountSettingsPage() {
  return (
    <PortalPage title="Account Settings" description="Your profile, security, notification and display preferences.">
      <FeatureNotAvailable feature="Account settings" />
    </PortalPage>
  );
}
