import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { AdminTransactionsTable } from './AdminTransactionsTable';
import { TransactionTiles } from './TransactionTiles';

export default function DepositManagementPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.depositManagement.title')} description={t('pages.depositManagement.description')}>
      <TransactionTiles view="deposits" />
      <AdminTransactionsTable fixedType="deposit" decisions />
    </PortalPage>
  );
}
