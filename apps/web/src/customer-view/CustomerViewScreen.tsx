import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from '../api/api-error';
import { ApplicationStatusList } from '../applications/ApplicationStatusList';
import { AccountStatusCard } from '../dashboard/AccountStatusCard';
import { InvestmentsOverview } from '../dashboard/InvestmentsOverview';
import { PerformanceCard } from '../dashboard/PerformanceCard';
import { InvestmentPortfolio } from '../investments/InvestmentPortfolio';
import { BalanceStatCards } from '../money/BalanceStatCards';
import { MoneyCards } from '../money/MoneyCards';
import { OwnTransactionsTable } from '../money/OwnTransactionsTable';
import { ProtectionCard } from '../money/ProtectionCard';
import { TicketList } from '../support/SupportCenter';
import { customerViewApi, customerViewKeys, type CustomerViewAccount } from './customer-view-api';
import { ViewedCustomerProvider } from './customer-view-context';
import { CustomerViewBanner } from './CustomerViewBanner';

export const CUSTOMER_VIEW_SECTIONS = ['dashboard', 'investments', 'applications', 'transactions', 'tickets'] as const;
type Section = (typeof CUSTOMER_VIEW_SECTIONS)[number];
const isSection = (value: string | null): value is Section => (CUSTOMER_VIEW_SECTIONS as readonly (string | null)[]).includes(value);

/** The customer's dashboard as they see it, without the greeting, notices and quick actions that speak to them. */
function Dashboard({ account }: { account: CustomerViewAccount }) {
  return (
    <>
      <ProtectionCard />
      <BalanceStatCards />
      <PerformanceCard />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <InvestmentsOverview />
        </Col>
        <Col xs={24} xl={8}>
          <AccountStatusCard account={account} />
        </Col>
      </Row>
    </>
  );
}

/**
 * Issue 30: an admin's read-only view of one customer's portal. The customer's own
 * components render inside ViewedCustomerProvider, so they read this customer's data from
 * the customer-view endpoints (each read audited by the gateway) and leave every action
 * out. The section is in the address (?section=), so a reload stays where it was.
 */
export function CustomerViewScreen({ userId }: { userId: string }) {
  const { t } = useTranslation('customer-view');
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = isSection(asked) ? asked : 'dashboard';
  const account = useQuery({ queryKey: customerViewKeys.account(userId), queryFn: () => customerViewApi.account(userId), retry: false });
  const customer = account.data;
  if (account.isError) {
    return (
      <>
        <CustomerViewBanner name={null} />
        <Typography.Text type="danger">{serverMessage(account.error) ?? t('loadFailed')}</Typography.Text>
      </>
    );
  }
  return (
    <ViewedCustomerProvider userId={userId}>
      <CustomerViewBanner name={customer ? `${customer.firstName} ${customer.lastName}` : null} />
      {customer && (
        <Tabs
          aria-label={t('sections.label')}
          activeKey={section}
          onChange={(key) => setParams({ section: key }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'dashboard', label: t('sections.dashboard'), children: <Dashboard account={customer} /> },
            { key: 'investments', label: t('sections.investments'), children: <InvestmentPortfolio /> },
            { key: 'applications', label: t('sections.applications'), children: <ApplicationStatusList /> },
            {
              key: 'transactions',
              label: t('sections.transactions'),
              children: (
                <>
                  <MoneyCards />
                  <OwnTransactionsTable />
                </>
              ),
            },
            { key: 'tickets', label: t('sections.tickets'), children: <TicketList /> },
          ]}
        />
      )}
    </ViewedCustomerProvider>
  );
}
