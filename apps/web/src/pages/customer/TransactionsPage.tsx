import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function TransactionsPage() {
  return (
    <PortalPage title="Transaction History" description="Every movement on your account: deposits, withdrawals, payments and returns.">
      <FeatureNotAvailable feature="Transaction history" />
    </PortalPage>
  );
}
