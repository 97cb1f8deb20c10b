import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function WithdrawPage() {
  return (
    <PortalPage title="Withdrawal Management" description="Request a bank withdrawal of your available balance.">
      <DepositsWithdrawalsScreen defaultTab="withdrawals" />
    </PortalPage>
  );
}
