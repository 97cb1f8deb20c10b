import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function WithdrawPage() {
  return (
    <PortalPage title="Withdrawal Management" description="Request a withdrawal to your bank account and follow its progress.">
      <FeatureNotAvailable feature="Withdrawals" />
    </PortalPage>
  );
}
