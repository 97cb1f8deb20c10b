import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function TransactionsPage() {
  return (
    <PortalPage title="Transaction History" description="Every deposit, withdrawal and payment on your account.">
      <DepositsWithdrawalsScreen defaultTab="transactions" />
    </PortalPage>
  );
}
