import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import List from 'antd/es/list';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { StatFigure } from '../ui/StatFigure';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessage } from '../api/api-error';
import { amounts, dateTime, day, money, statusColour } from '../money/format';
import { EarningsFigures } from '../reports/EarningsFigures';
import { useAdminPermissions } from '../system-settings/use-admin-permissions';
import { EARNINGS_PERIODS, earningsWindow, overviewApi, overviewKeys, type AdminStatsView, type EarningsPeriod } from './overview-api';

/** Spec 02 §9: admin stats refetch every 30 s; live events refresh it sooner (use-live-updates). */
export const STATS_REFETCH_MS = 30_000;

interface SectionLike {
  available: boolean;
  message?: string | null;
  /** false: the admin's role does not cover these figures; the card is not shown at all. */
  permitted?: boolean;
}

/**
 * A card whose figures come from one service: while that service is down it says so, and the
 * other cards still show. A card the admin's role does not cover is left out.
 */
function FigureCard({ title, section, loading, children, testId }: { title: string; section?: SectionLike; loading: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation('admin-overview');
  if (section?.permitted === false) return null;
  const failed = !loading && (!section || !section.available);
  return (
    <Card title={title} loading={loading} data-testid={testId} style={{ height: '100%' }}>
      {failed ? <Alert type="error" showIcon title={t('loadFailed')} description={section?.message ?? undefined} /> : children}
    </Card>
  );
}

/**
 * The Earnings Report: the chosen period's actuals from the ledger (fees earned, returns
 * paid; returns accrued and assets under management at its end), each currency on its own.
 * Report figures: shown to roles with the reports permission.
 */
function EarningsReport() {
  const { t } = useTranslation('admin-overview');
  const [period, setPeriod] = useState<EarningsPeriod>('thisMonth');
  const range = earningsWindow(period);
  const { data, error, isLoading } = useQuery({ queryKey: overviewKeys.earnings(range), queryFn: () => overviewApi.earnings(range), refetchInterval: STATS_REFETCH_MS });
  return (
    <Card title={t('earnings.title')} data-testid="overview-earnings">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Segmented<EarningsPeriod>
            aria-label={t('earnings.period')}
            value={period}
            onChange={setPeriod}
            options={EARNINGS_PERIODS.map((value) => ({ value, label: t(`earnings.periods.${value}`) }))}
          />
          <Typography.Text type="secondary">{t('earnings.range', { from: day(range.from), to: day(range.to) })}</Typography.Text>
        </Space>
        {error ? (
          <Alert type="error" showIcon title={serverMessage(error) ?? t('earnings.loadFailed')} />
        ) : isLoading || !data ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <>
            <EarningsFigures
              byCurrency={data.byCurrency}
              labels={{
                feesEarned: t('earnings.feesEarned'),
                returnsPaid: t('earnings.returnsPaid'),
                returnsAccrued: t('earnings.returnsAccrued'),
                assetsUnderManagement: t('earnings.assetsUnderManagement'),
              }}
            />
            <Typography.Text type="secondary">{t('earnings.asOfEnd')}</Typography.Text>
          </>
        )}
      </Space>
    </Card>
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
            <StatFigure title={t('securityDeposits.totalLocked')} value={amounts(money_?.lockedTotal)} />
          </Col>
          <Col xs={12} md={6}>
            <StatFigure title={t('securityDeposits.lockedDeposits')} value={money_?.lockedDeposits ?? 0} />
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
            <StatFigure value={users?.totalUsers ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Badge color="green" text={t('users.active', { count: users?.active ?? 0 })} />
              <Badge color="red" text={t('users.suspended', { count: users?.suspended ?? 0 })} />
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('kyc.title')} section={stats?.kyc} loading={isLoading} testId="overview-kyc">
            <StatFigure value={kyc?.pending ?? 0} suffix={t('kyc.pending')} />
            <Typography.Text type="secondary">{t('kyc.documentsPending', { count: kyc?.documentsPending ?? 0 })}</Typography.Text>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('investments.title')} section={stats?.investments} loading={isLoading} testId="overview-investments">
            <StatFigure value={investments?.totalInvestments ?? 0} />
            <Space style={{ marginTop: 8 }} wrap>
              <Tag>{t('investments.personal', { count: investments?.personal ?? 0 })}</Tag>
              <Tag>{t('investments.corporate', { count: investments?.corporate ?? 0 })}</Tag>
              <Tag>{t('investments.gipp', { count: investments?.gipp ?? 0 })}</Tag>
            </Space>
          </FigureCard>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard title={t('pending.title')} section={stats?.investments} loading={isLoading} testId="overview-pending">
            <StatFigure value={investments?.pendingApprovals ?? 0} />
            <Typography.Text type="secondary">{t('pending.text')}</Typography.Text>
          </FigureCard>
        </Col>
      </Row>

      {allows('reports') && <EarningsReport />}

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
