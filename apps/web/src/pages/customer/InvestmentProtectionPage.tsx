import { useTranslation } from 'react-i18next';
import { ProtectionCard } from '../../money/ProtectionCard';
import { SecurityDepositPanel } from '../../money/SecurityDepositPanel';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentProtectionPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.protection.title')} description={t('customer.protection.description')}>
      <ProtectionCard />
      <SecurityDepositPanel admin={false} />
    </PortalPage>
  );
}
