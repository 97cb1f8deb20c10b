import { useTranslation } from 'react-i18next';
import { AdminTransactionsTable } from '../../money/AdminTransactionsTable';
import { TransactionTiles } from '../../money/TransactionTiles';
import { PortalPage } from '../../ui/PortalPage';

export default function AllTransactionsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.transactions.title')} description={t('admin.transactions.description')}>
      <TransactionTiles view="all" />
      <AdminTransactionsTable decisions />
    </PortalPage>
  );
}
