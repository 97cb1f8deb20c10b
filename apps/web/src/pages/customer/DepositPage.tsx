import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function DepositPage() {
  return (
    <PortalPage title="Deposit Funds" description="Fund your account by bank transfer or Bitcoin.">
      <DepositsWithdrawalsScreen defaultTab="deposits" />
    </PortalPage>
  );
}
