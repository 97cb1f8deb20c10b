import { useTranslation } from 'react-i18next';
import { DepositsWithdrawalsScreen } from '../../money/DepositsWithdrawalsScreen';
import { PortalPage } from '../../ui/PortalPage';

export default function WithdrawPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.withdraw.title')} description={t('customer.withdraw.description')}>
      <DepositsWithdrawalsScreen defaultTab="withdrawals" />
    </PortalPage>
  );
}
