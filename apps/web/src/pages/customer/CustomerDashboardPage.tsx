import { useTranslation } from 'react-i18next';
import { KycStatusNotice } from '../../kyc/KycStatusBadge';
import { BalanceStatCards } from '../../money/BalanceStatCards';
import { ProtectionCard } from '../../money/ProtectionCard';
import { FeatureNotAvailable } from '../../ui/FeatureNotAvailable';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

export default function CustomerDashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.dashboard.title')} description={t('customer.dashboard.description')}>
      <Greeting />
      <KycStatusNotice />
      <ProtectionCard />
      <BalanceStatCards />
      <FeatureNotAvailable feature={t('customer.dashboard.plansFeature')} />
    </PortalPage>
  );
}
