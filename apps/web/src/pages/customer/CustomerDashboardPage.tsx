import { KycStatusNotice } from '../../kyc/KycStatusBadge';
import { BalanceStatCards } from '../../money/BalanceStatCards';
import { ProtectionCard } from '../../money/ProtectionCard';
import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function CustomerDashboardPage() {
  return (
    <PortalPage title="Dashboard" description="An overview of your account, investments and balance.">
      <Greeting />
      <KycStatusNotice />
      <ProtectionCard />
      <BalanceStatCards />
      <FeatureNotAvailable feature="Your investment plans and performance" />
    </PortalPage>
  );
}
