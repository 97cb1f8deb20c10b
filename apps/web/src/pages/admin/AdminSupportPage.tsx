import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminSupportPage() {
  return (
    <PortalPage title="Support Center" description="Customer support tickets and responses.">
      <FeatureNotAvailable feature="The support center" />
    </PortalPage>
  );
}
