import { useTranslation } from 'react-i18next';
import { AdminTransactionsTable } from '../../money/AdminTransactionsTable';
import { TransactionTiles } from '../../money/TransactionTiles';
import { PortalPage } from '../../ui/PortalPage';

export default function DepositManagementPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.deposits.title')} description={t('admin.deposits.description')}>
      <TransactionTiles view="deposits" />
      <AdminTransactionsTable fixedType="deposit" decisions />
    </PortalPage>
  );
}
