import { AdminTransactionsTable } from '../../money/AdminTransactionsTable';
import { TransactionTiles } from '../../money/TransactionTiles';
import { PortalPage } from '../../ui/PortalPage';

export default function AllTransactionsPage() {
  return (
    <PortalPage title="All Transactions" description="Every transaction on the platform, with approval of pending ones.">
      <TransactionTiles view="all" />
      <AdminTransactionsTable decisions />
    </PortalPage>
  );
}
