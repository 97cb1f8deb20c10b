import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { DepositsWithdrawalsScreen } from './DepositsWithdrawalsScreen';

export default function DepositPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.deposit.title')} description={t('pages.deposit.description')}>
      <DepositsWithdrawalsScreen defaultTab="deposits" />
    </PortalPage>
  );
}
