import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function SecurityDepositsPage() {
  return (
    <PortalPage title="Security Deposit Management" description="Create, lock and unlock the security deposits of customers.">
      <FeatureNotAvailable feature="Security deposit management" />
    </PortalPage>
  );
}
