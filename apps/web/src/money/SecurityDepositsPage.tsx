import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { SecurityDepositPanel } from './SecurityDepositPanel';

export default function SecurityDepositsPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.securityDeposits.title')} description={t('pages.securityDeposits.description')}>
      <SecurityDepositPanel admin />
    </PortalPage>
  );
}
