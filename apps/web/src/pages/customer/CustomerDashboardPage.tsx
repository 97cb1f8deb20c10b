import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { useTranslation } from 'react-i18next';
import { AccountStatusCard } from '../../dashboard/AccountStatusCard';
import { InvestmentsOverview } from '../../dashboard/InvestmentsOverview';
import { PerformanceCard } from '../../dashboard/PerformanceCard';
import { QuickActions } from '../../dashboard/QuickActions';
import { KycStatusNotice } from '../../kyc/KycStatusBadge';
import { BalanceStatCards } from '../../money/BalanceStatCards';
import { ProtectionCard } from '../../money/ProtectionCard';
import { Greeting } from '../../ui/Greeting';
import { PortalPage } from '../../ui/PortalPage';

/** Spec 02's dashboard overview: the protection card first, the stat cards, the portfolio's performance (issue 28), then investments, quick actions and account status. */
export default function CustomerDashboardPage() {
  const { t } = useTranslation('pages');
  return (
    <PortalPage title={t('customer.dashboard.title')} description={t('customer.dashboard.description')}>
      <Greeting />
      <KycStatusNotice />
      <ProtectionCard />
      <BalanceStatCards />
      <PerformanceCard />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <InvestmentsOverview />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <QuickActions />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <AccountStatusCard />
        </Col>
      </Row>
    </PortalPage>
  );
}
