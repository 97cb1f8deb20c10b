import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { ProtectionCard } from './ProtectionCard';
import { SecurityDepositPanel } from './SecurityDepositPanel';

export default function InvestmentProtectionPage() {
  const { t } = useTranslation('money');
  return (
    <PortalPage title={t('pages.protection.title')} description={t('pages.protection.description')}>
      <ProtectionCard />
      <SecurityDepositPanel admin={false} />
    </PortalPage>
  );
}
