import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { DepositsWithdrawalsScreen } from './DepositsWithdrawalsScreen';

export default function WithdrawPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.withdraw.title')} description={t('pages.withdraw.description')}>
      <DepositsWithdrawalsScreen defaultTab="withdrawals" />
    </PortalPage>
  );
}
