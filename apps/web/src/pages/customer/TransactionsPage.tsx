import { useTranslation } from 'react-i18next';
import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function TransactionsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.transactions.title')} description={t('customer.transactions.description')}>
      <DepositsWithdrawalsScreen defaultTab="transactions" />
    </PortalPage>
  );
}
