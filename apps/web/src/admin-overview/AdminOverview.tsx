import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import List from 'antd/es/list';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { amounts, capitalise, dateTime, money, statusColour } from '../money/format';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { overviewApi, overviewKeys, type AdminStatsView, type EarningsFigures } from './overview-api';

/** Spec 02 §9: admin stats refetch every 30 s; live events refresh it sooner (use-live-updates). */
export const STATS_REFETCH_MS = 30_000;
export const LOAD_FAILED = 'Failed to load admin statistics';

interface SectionLike {
  available: boolean;
  message?: string | null;
}

/** A card whose figures come from one service: while that service is down it says so, and the other cards still show. */
function FigureCard({ title, section, loading, children, testId }: { title: string; section?: SectionLike; loading: boolean; children: ReactNode; testId: string }) {
  const failed = !loading && (!section || !section.available);
  return (
    <Card title={title} loading={loading} data-testid={testId} style={{ height: '100%' }}>
      {failed ? <Alert type="error" showIcon message={LOAD_FAILED} description={section?.message ?? undefined} /> : children}
    </Card>
  );
}

function EarningsRow({ figures }: { figures: EarningsFigures }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Statistic title="Total Invested" value={money(figures.totalInvested, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="Total Returns" value={money(figures.totalReturns, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="Platform Fees" value={money(figures.platformFees, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="ROI Rate" value={`${figures.roiRate.toFixed(1)}%`} />
      </Col>
    </Row>
  );
}

/** Each with the permission its page needs, so a role sees only the actions it may take. */
const QUICK_ACTIONS = [
  { to: '/admin/users', label: 'Manage Users', permission: 'users' },
  { to: '/admin/investments', label: 'Review Investments', permission: 'investments' },
  { to: '/admin/kyc', label: 'KYC Verification', permission: 'kyc' },
  { to: '/admin/notifications', label: 'Send Notifications', permission: 'notifications' },
];

/** Spec 02 §2 admin Overview, on the services' real figures (DESIGN: real data, not fixed ones). */
export function AdminOverview() {
  const allows = useAdminPermissions();
  const { data, isLoading, isError } = useQuery({ queryKey: overviewKeys.stats(), queryFn: overviewApi.stats, refetchInterval: STATS_REFETCH_MS });
  const stats: AdminStatsView | undefined = data;
  if (isError && !stats) return <Alert type="error" showIcon message={LOAD_FAILED} data-testid="overview-error" />;
  const users = stats?.users.data;
  const kyc = stats?.kyc.data;
  const investments = stats?.investments.data;
  const money_ = stats?.money.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <FigureCard title="Security Deposits" section={stats?.money} loading={isLoading} testId="overview-security-deposits">
        <Row gutter={16} align="middle">
          <Col xs={24} md={12}>
            <Statistic title="Total Locked" value={amounts(money_?.lockedTotal)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="Locked Deposits" value={money_?.lockedDeposits ?? 0} />
          </Col>
          <Col xs={12} md={6}>
            <Link to="/admin/security">
              <Button>Manage Security Deposits</Button>
            </Link>
          </Col>
        </Row>
      </FigureCard>

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title="Total Users" section={stats?.users} loading={isLoading} testId="overview-users">
            <Statistic value={users?.totalUsers ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Badge color="green" text={`${users?.active ?? 0} active`} />
              <Badge color="red" text={`${users?.suspended ?? 0} suspended`} />
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title="KYC Status" section={stats?.kyc} loading={isLoading} testId="overview-kyc">
            <Statistic value={kyc?.pending ?? 0} suffix="pending" />
            <Typography.Text type="secondary">{kyc?.documentsPending ?? 0} documents awaiting review</Typography.Text>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title="Total Investments" section={stats?.investments} loading={isLoading} testId="overview-investments">
            <Statistic value={investments?.totalInvestments ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Tag>Personal {investments?.personal ?? 0}</Tag>
              <Tag>Corporate {investments?.corporate ?? 0}</Tag>
              <Tag>GIPP {investments?.gipp ?? 0}</Tag>
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title="Pending Approvals" section={stats?.investments} loading={isLoading} testId="overview-pending">
            <Statistic value={investments?.pendingApprovals ?? 0} />
            <Typography.Text type="secondary">Applications awaiting a decision</Typography.Text>
          </FigureCard>
        </Col>
      </Row>

      <FigureCard title="Earnings Report" section={stats?.money} loading={isLoading} testId="overview-earnings">
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {(money_?.earnings ?? []).map((figures) => (
            <div key={figures.currency}>
              {(money_?.earnings.length ?? 0) > 1 && <Typography.Text strong>{figures.currency}</Typography.Text>}
              <EarningsRow figures={figures} />
            </div>
          ))}
        </Space>
      </FigureCard>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <FigureCard title="Latest Transactions" section={stats?.money} loading={isLoading} testId="overview-latest">
            <List
              dataSource={money_?.latest ?? []}
              locale={{ emptyText: 'No recent transactions' }}
              renderItem={(item) => (
                <List.Item extra={<Tag color={statusColour(item.status)}>{item.status}</Tag>}>
                  <List.Item.Meta
                    title={`${item.client ? `${item.client.firstName} ${item.client.lastName}` : 'Unknown client'} · ${capitalise(item.type)} ${money(item.amount, item.currency, true)}`}
                    description={`${item.reference} · ${dateTime(item.createdAt)}`}
                  />
                </List.Item>
              )}
            />
          </FigureCard>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Quick Actions" style={{ height: '100%' }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {QUICK_ACTIONS.filter((action) => allows(action.permission)).map((action) => (
                <Link key={action.to} to={action.to}>
                  <Button block>{action.label}</Button>
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
