import { useTranslation } from 'react-i18next';
import { PortalPage } from '../ui/PortalPage';
import { InvestmentApplications } from './InvestmentApplications';

export default function MyInvestmentsPage() {
  const { t } = useTranslation('applications');
  return (
    <PortalPage title={t('pages.myInvestments.title')} description={t('pages.myInvestments.description')}>
      <InvestmentApplications />
    </PortalPage>
  );
}
