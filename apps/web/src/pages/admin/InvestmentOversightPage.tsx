import Tabs from 'antd/es/tabs';
import { ApplicationReviewList } from '../../applications/admin/ApplicationReviewList';
import { InvestmentOversight } from '../../applications/admin/InvestmentOversight';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentOversightPage() {
  return (
    <PortalPage title="Investment Oversight" description="Review investment applications and follow active investments.">
      <Tabs
        items={[
          { key: 'applications', label: 'Applications', children: <ApplicationReviewList /> },
          { key: 'investments', label: 'Investments', children: <InvestmentOversight /> },
        ]}
      />
    </PortalPage>
  );
}
