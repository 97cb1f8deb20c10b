import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function DepositManagementPage() {
  return (
    <PortalPage title="Deposit Management" description="Confirm or reject customer deposits once the funds have arrived.">
      <FeatureNotAvailable feature="Deposit management" />
    </PortalPage>
  );
}
