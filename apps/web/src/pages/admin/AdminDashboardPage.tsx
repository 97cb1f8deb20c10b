import { LatestTransactionsCard } from '../../money/LatestTransactionsCard';
import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function AdminDashboardPage() {
  return (
    <PortalPage title="Dashboard Overview" description="Users, KYC, investments and approvals across the platform.">
      <Greeting />
      <LatestTransactionsCard />
      <FeatureNotAvailable feature="The rest of the platform overview" />
    </PortalPage>
  );
}
