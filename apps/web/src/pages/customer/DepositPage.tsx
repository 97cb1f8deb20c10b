import { useTranslation } from 'react-i18next';
import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function DepositPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.deposit.title')} description={t('customer.deposit.description')}>
      <DepositsWithdrawalsScreen defaultTab="deposits" />
    </PortalPage>
  );
}
