import { SecurityDepositPanel } from '../../money/SecurityDepositPanel';
import { PortalPage } from '../../ui/PortalPage';

export default function SecurityDepositsPage() {
  return (
    <PortalPage title="Security Deposit Management" description="Create, lock and unlock the security deposits of customers.">
      <SecurityDepositPanel admin />
    </PortalPage>
  );
}
