import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { DepositsWithdrawalsScreen } from './DepositsWithdrawalsScreen';

export default function TransactionsPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.transactions.title')} description={t('pages.transactions.description')}>
      <DepositsWithdrawalsScreen defaultTab="transactions" />
    </PortalPage>
  );
}
