import { InvestmentApplications } from '../../applications/InvestmentApplications';
import { PortalPage } from '../../ui/PortalPage';

export default function MyInvestmentsPage() {
  return (
    <PortalPage title="My Investments" description="Apply for a personal, corporate or GIPP investment and follow your applications.">
      <InvestmentApplications />
    </PortalPage>
  );
}
