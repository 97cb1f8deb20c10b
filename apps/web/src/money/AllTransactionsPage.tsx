import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { AdminTransactionsTable } from './AdminTransactionsTable';
import { TransactionTiles } from './TransactionTiles';

export default function AllTransactionsPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.allTransactions.title')} description={t('pages.allTransactions.description')}>
      <TransactionTiles view="all" />
      <AdminTransactionsTable decisions />
    </PortalPage>
  );
}
