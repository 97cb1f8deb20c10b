import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function MyInvestmentsPage() {
  return (
    <PortalPage title="My Investments" description="Your investment applications and the investments they become.">
      <FeatureNotAvailable feature="Investment tracking" />
    </PortalPage>
  );
}
