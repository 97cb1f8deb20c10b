import { useTranslation } from 'react-i18next';
import { SecurityDepositPanel } from '../../money/SecurityDepositPanel';
import { PortalPage } from '../../ui/PortalPage';

export default function SecurityDepositsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('admin.securityDeposits.title')} description={t('admin.securityDeposits.description')}>
      <SecurityDepositPanel admin />
    </PortalPage>
  );
}
