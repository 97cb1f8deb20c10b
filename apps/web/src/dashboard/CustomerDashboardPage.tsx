import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/use-current-user';
import { KycStatusNotice } from '../kyc/KycStatusBadge';
import { BalanceStatCards } from '../money/BalanceStatCards';
import { ProtectionCard } from '../money/ProtectionCard';
import { Greeting } from '../ui/Greeting';
import { PortalPage } from '../ui/PortalPage';
import { AccountStatusCard } from './AccountStatusCard';
import { InvestmentsOverview } from './InvestmentsOverview';
import { PerformanceCard } from './PerformanceCard';
import { QuickActions } from './QuickActions';

/** Spec 02's dashboard overview: the protection card first, the stat cards, the portfolio's performance (issue 28), then investments, quick actions and account status. */
export default function CustomerDashboardPage() {
  const { t } = useTranslation('dashboard');
  // The verification notice at the top is known only with the account (/me): until then nothing
  // under the greeting is drawn, so the notice does not push the cards down when it arrives
  // (a layout shift that cost the dashboard a quarter of Lighthouse's CLS budget, issue 30).
  // The cards are mounted in a deferred render: React draws them in slices between which the
  // browser can answer input, not in the one long task the account's arrival would start.
  const accountPending = useDeferredValue(useCurrentUser().isPending, true);
  // The cards under the stat cards follow in a second deferred render: two shorter commits
  // (creating a card's DOM cannot be sliced) rather than one long one. They are added below
  // what is drawn, so nothing already on screen moves.
  const restPending = useDeferredValue(accountPending, true);
  return (
    <PortalPage title={t('pages.dashboard.title')} description={t('pages.dashboard.description')}>
      <Greeting />
      {accountPending ? (
        <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />
      ) : (
        <>
          <KycStatusNotice />
          <ProtectionCard />
          <BalanceStatCards />
          {!restPending && (
            <>
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
            </>
          )}
        </>
      )}
    </PortalPage>
  );
}
