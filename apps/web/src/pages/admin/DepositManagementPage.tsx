import { AdminTransactionsTable } from '../../money/AdminTransactionsTable';
import { TransactionTiles } from '../../money/TransactionTiles';
import { PortalPage } from '../../ui/PortalPage';

export default function DepositManagementPage() {
  return (
    <PortalPage title="Deposit Management" description="Confirm deposits whose funds arrived, reject the others.">
      <TransactionTiles view="deposits" />
      <AdminTransactionsTable fixedType="deposit" decisions />
    </PortalPage>
  );
}
