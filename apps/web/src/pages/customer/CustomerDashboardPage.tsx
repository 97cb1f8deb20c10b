import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function CustomerDashboardPage() {
  return (
    <PortalPage title="Dashboard" description="An overview of your account, investments and balance.">
      <Greeting />
      <FeatureNotAvailable feature="Your account overview" />
    </PortalPage>
  );
}
