import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { PortalPage } from '../../ui/PortalPage';

export default function AllTransactionsPage() {
  return (
    <PortalPage title="All Transactions" description="Every transaction on the platform, with approval of pending ones.">
      <FeatureNotAvailable feature="Transaction control" />
    </PortalPage>
  );
}
