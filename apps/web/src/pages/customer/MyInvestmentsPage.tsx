import { useTranslation } from 'react-i18next';
import { InvestmentApplications } from '../../applications/InvestmentApplications';
import { PortalPage } from '../../ui/PortalPage';

export default function MyInvestmentsPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.myInvestments.title')} description={t('customer.myInvestments.description')}>
      <InvestmentApplications />
    </PortalPage>
  );
}
