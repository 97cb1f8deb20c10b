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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { amounts, dateTime, money, statusColour } from '../money/format';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { formatNumber } from '../ui/number-format';
import { overviewApi, overviewKeys, type AdminStatsView, type EarningsFigures } from './overview-api';

/** Spec 02 §9: admin stats refetch every 30 s; live events refresh it sooner (use-live-updates). */
export const STATS_REFETCH_MS = 30_000;

interface SectionLike {
  available: boolean;
  message?: string | null;
}

/** A card whose figures come from one service: while that service is down it says so, and the other cards still show. */
function FigureCard({ title, section, loading, children, testId }: { title: string; section?: SectionLike; loading: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation('admin-overview');
  const failed = !loading && (!section || !section.available);
  return (
    <Card title={title} loading={loading} data-testid={testId} style={{ height: '100%' }}>
      {failed ? <Alert type="error" showIcon title={t('loadFailed')} description={section?.message ?? undefined} /> : children}
    </Card>
  );
}

function EarningsRow({ figures }: { figures: EarningsFigures }) {
  const { t } = useTranslation('admin-overview');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Statistic title={t('earnings.totalInvested')} value={money(figures.totalInvested, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('earnings.totalReturns')} value={money(figures.totalReturns, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('earnings.platformFees')} value={money(figures.platformFees, figures.currency)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('earnings.roiRate')} value={formatNumber(figures.roiRate / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })} />
      </Col>
    </Row>
  );
}

/** Each with the permission its page needs, so a role sees only the actions it may take. */
const QUICK_ACTIONS = [
  { to: '/admin/users', label: 'manageUsers', permission: 'users' },
  { to: '/admin/investments', label: 'reviewInvestments', permission: 'investments' },
  { to: '/admin/kyc', label: 'kycVerification', permission: 'kyc' },
  { to: '/admin/notifications', label: 'sendNotifications', permission: 'notifications' },
] as const;

/** Spec 02 §2 admin Overview, on the services' real figures (DESIGN: real data, not fixed ones). */
export function AdminOverview() {
  const { t } = useTranslation('admin-overview');
  const allows = useAdminPermissions();
  const { data, isLoading, isError } = useQuery({ queryKey: overviewKeys.stats(), queryFn: overviewApi.stats, refetchInterval: STATS_REFETCH_MS });
  const stats: AdminStatsView | undefined = data;
  if (isError && !stats) return <Alert type="error" showIcon title={t('loadFailed')} data-testid="overview-error" />;
  const users = stats?.users.data;
  const kyc = stats?.kyc.data;
  const investments = stats?.investments.data;
  const money_ = stats?.money.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <FigureCard title={t('securityDeposits.title')} section={stats?.money} loading={isLoading} testId="overview-security-deposits">
        <Row gutter={16} align="middle">
          <Col xs={24} md={12}>
            <Statistic title={t('securityDeposits.totalLocked')} value={amounts(money_?.lockedTotal)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('securityDeposits.lockedDeposits')} value={money_?.lockedDeposits ?? 0} />
          </Col>
          <Col xs={24} md={6}>
            <Link to="/admin/security">
              <Button>{t('securityDeposits.manage')}</Button>
            </Link>
          </Col>
        </Row>
      </FigureCard>

      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('users.title')} section={stats?.users} loading={isLoading} testId="overview-users">
            <Statistic value={users?.totalUsers ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Badge color="green" text={t('users.active', { count: users?.active ?? 0 })} />
              <Badge color="red" text={t('users.suspended', { count: users?.suspended ?? 0 })} />
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('kyc.title')} section={stats?.kyc} loading={isLoading} testId="overview-kyc">
            <Statistic value={kyc?.pending ?? 0} suffix={t('kyc.pending')} />
            <Typography.Text type="secondary">{t('kyc.documentsPending', { count: kyc?.documentsPending ?? 0 })}</Typography.Text>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('investments.title')} section={stats?.investments} loading={isLoading} testId="overview-investments">
            <Statistic value={investments?.totalInvestments ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Tag>{t('investments.personal', { count: investments?.personal ?? 0 })}</Tag>
              <Tag>{t('investments.corporate', { count: investments?.corporate ?? 0 })}</Tag>
              <Tag>{t('investments.gipp', { count: investments?.gipp ?? 0 })}</Tag>
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('pending.title')} section={stats?.investments} loading={isLoading} testId="overview-pending">
            <Statistic value={investments?.pendingApprovals ?? 0} />
            <Typography.Text type="secondary">{t('pending.text')}</Typography.Text>
          </FigureCard>
        </Col>
      </Row>

      <FigureCard title={t('earnings.title')} section={stats?.money} loading={isLoading} testId="overview-earnings">
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
          <FigureCard title={t('latest.title')} section={stats?.money} loading={isLoading} testId="overview-latest">
            <List
              dataSource={money_?.latest ?? []}
              locale={{ emptyText: t('latest.empty') }}
              renderItem={(item) => (
                <List.Item extra={<Tag color={statusColour(item.status)}>{t(`latest.status.${item.status}`)}</Tag>}>
                  <List.Item.Meta
                    title={`${item.client ? `${item.client.firstName} ${item.client.lastName}` : t('latest.unknownClient')} · ${t(`latest.type.${item.type}`)} ${money(item.amount, item.currency, true)}`}
                    description={`${item.reference} · ${dateTime(item.createdAt)}`}
                  />
                </List.Item>
              )}
            />
          </FigureCard>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('quickActions.title')} style={{ height: '100%' }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {QUICK_ACTIONS.filter((action) => allows(action.permission)).map((action) => (
                <Link key={action.to} to={action.to}>
                  <Button block>{t(`quickActions.${action.label}`)}</Button>
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
