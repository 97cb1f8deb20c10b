import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { StatFigure } from '../ui/StatFigure';
import { DataTable } from '../ui/DataTable';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { amounts, capitalise, day, money } from '../money/format';
import { AuditLogTab } from './AuditLogTab';
import { ExportButtons } from './ExportButtons';
import { EarningsActualsCard, MaturityScheduleCard } from './FinancialActuals';
import { ActivityChart, NewUsersChart, VolumeChart } from './report-charts';
import { useDayjsLocale } from './use-dayjs-locale';
import { reportKeys, reportsApi, type AdminReportView, type ReportPeriod, type ReportRange, type ReportTab } from './reports-api';

const PERIODS: ReportPeriod[] = ['daily', 'weekly', 'monthly', 'custom'];

/** The figures of one service, named in the catalogue (`unavailable.<section>`). */
type Section = 'users' | 'applications' | 'transactions' | 'kyc';

function Unavailable({ section, name }: { section: { available: boolean; message?: string | null }; name: Section }) {
  const { t } = useTranslation('reports');
  if (section.available) return null;
  return <Alert type="warning" showIcon title={t(`unavailable.${name}`)} description={section.message ?? undefined} />;
}

/** A server label ("under_review") in the shown language; one the catalogue does not know yet shows as written. */
function useLabel(): (text: string) => string {
  const { t } = useTranslation('reports');
  return (text: string) => t(`labels.${text}`, { defaultValue: capitalise(text.replace(/_/g, ' ')) });
}

function CountTable({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const { t } = useTranslation('reports');
  const label = useLabel();
  return (
    <Card size="small" title={title}>
      <DataTable
        size="small"
        rowKey="label"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('tables.none') }}
        columns={[
          { title: t('tables.item'), dataIndex: 'label', render: label },
          { title: t('tables.count'), dataIndex: 'count', align: 'right' },
        ]}
      />
    </Card>
  );
}

function OverviewTab({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const ledger = report.money.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.users} name="users" />
      <Unavailable section={report.applications} name="applications" />
      <Unavailable section={report.money} name="transactions" />
      <Unavailable section={report.kyc} name="kyc" />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={4}>
          <Card size="small">
            <StatFigure title={t('overview.newUsers')} value={report.users.data?.newUsers ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <StatFigure title={t('overview.applications')} value={report.applications.data?.submitted ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <StatFigure title={t('overview.transactions')} value={ledger?.transactions ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <StatFigure title={t('overview.transactionVolume')} value={ledger ? amounts(ledger.totalVolume) : '—'} />
          </Card>
        </Col>
        <Col xs={24} lg={5}>
          <Card size="small">
            <StatFigure title={t('overview.platformFees')} value={ledger ? amounts(ledger.fees) : '—'} />
          </Card>
        </Col>
      </Row>
      <Card title={t('overview.activityPerDay')}>
        <ActivityChart report={report} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <CountTable title={t('overview.applicationsByStatus')} rows={report.applications.data?.byStatus ?? []} />
        </Col>
        <Col xs={24} md={12}>
          <CountTable title={t('overview.applicationsByType')} rows={report.applications.data?.byType ?? []} />
        </Col>
      </Row>
    </Space>
  );
}

function FinancialTab({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const label = useLabel();
  const ledger = report.money.data;
  const currencies = [...new Set((ledger?.perDay ?? []).map((row) => row.currency))];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency: string = chosen && (currencies as string[]).includes(chosen) ? chosen : (currencies[0] ?? 'USD');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.money} name="transactions" />
      <Card
        title={t('financial.volumePerDay')}
        extra={currencies.length > 1 && <Select size="small" value={currency} onChange={setChosen} options={currencies.map((value) => ({ value, label: value }))} aria-label={t('financial.currency')} />}
      >
        <VolumeChart report={report} currency={currency} />
      </Card>
      <Card size="small" title={t('financial.volumesByTypeAndStatus')}>
        <DataTable
          size="small"
          rowKey={(row) => `${row.type}-${row.status}-${row.currency}`}
          pagination={false}
          dataSource={ledger?.volumes ?? []}
          locale={{ emptyText: t('tables.none') }}
          columns={[
            { title: t('tables.type'), dataIndex: 'type', render: label },
            { title: t('tables.status'), dataIndex: 'status', render: label },
            { title: t('tables.count'), dataIndex: 'count', align: 'right' },
            { title: t('tables.amount'), align: 'right', render: (_, row) => money(row.amount, row.currency) },
          ]}
        />
      </Card>
      <Card size="small" title={t('financial.amountsAppliedFor')}>
        <StatFigure value={report.applications.data ? amounts(report.applications.data.requested) : '—'} />
      </Card>
    </Space>
  );
}

function UsersTab({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const kyc = report.kyc.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.users} name="users" />
      <Unavailable section={report.kyc} name="kyc" />
      <Card title={t('users.newUsersPerDay')}>
        <NewUsersChart report={report} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <CountTable title={t('users.newUsersByType')} rows={report.users.data?.byType ?? []} />
        </Col>
        <Col xs={24} md={8}>
          <CountTable title={t('users.newUsersByStatus')} rows={report.users.data?.byStatus ?? []} />
        </Col>
        <Col xs={24} md={8}>
          <CountTable title={t('users.kycOutcomes')} rows={kyc?.outcomes ?? []} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <StatFigure title={t('users.kycDocumentsSubmitted')} value={kyc?.documentsSubmitted ?? '—'} />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <CountTable title={t('users.kycDocumentReviews')} rows={kyc?.documentReviews ?? []} />
        </Col>
      </Row>
    </Space>
  );
}

/** Spec 02 §2 Reports & Analytics: a period's figures from every service, charts, tables and exports; the Financial tab adds the period's earnings actuals and the maturity schedule ahead. */
export function ReportsScreen() {
  const { t } = useTranslation('reports');
  useDayjsLocale();
  const [range, setRange] = useState<ReportRange>({ period: 'weekly' });
  const [tab, setTab] = useState<ReportTab>('overview');
  const ready = range.period !== 'custom' || Boolean(range.from && range.to);
  const { data, isFetching, error, refetch } = useQuery({ queryKey: reportKeys.report(range), queryFn: () => reportsApi.report(range), enabled: ready });

  const body = (render: (report: AdminReportView) => ReactNode) => {
    if (error) return <Alert type="error" showIcon title={serverMessage(error) ?? t('messages.loadFailed')} />;
    if (!data) return <Card loading />;
    if (!data.hasData) return <Empty description={t('messages.noData')} />;
    return render(data);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Select<ReportPeriod> aria-label={t('period.label')} value={range.period} style={{ width: 160 }} options={PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))} onChange={(period) => setRange(period === 'custom' ? { period, from: range.from, to: range.to } : { period })} />
          {range.period === 'custom' && (
            <DatePicker.RangePicker aria-label={t('period.dateRange')} onChange={(dates) => setRange({ period: 'custom', from: dates?.[0]?.format('YYYY-MM-DD'), to: dates?.[1]?.format('YYYY-MM-DD') })} />
          )}
          <Button onClick={() => refetch()} loading={isFetching} disabled={!ready}>
            {t('refresh')}
          </Button>
          {data && (
            <Typography.Text type="secondary">
              {t('period.range', { from: day(data.from), to: day(new Date(Date.parse(data.to) - 1).toISOString()) })}
            </Typography.Text>
          )}
        </Space>
        {tab !== 'audit' && <ExportButtons target={{ kind: 'report', range, tab }} disabled={!data?.hasData} />}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ReportTab)}
        items={[
          { key: 'overview', label: t('tabs.overview'), children: body((report) => <OverviewTab report={report} />) },
          {
            key: 'financial',
            label: t('tabs.financial'),
            // The actuals and the maturities ahead do not depend on there being transactions in the period.
            children: (
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                {data && !error && <EarningsActualsCard range={{ from: data.from, to: data.to }} />}
                {body((report) => <FinancialTab report={report} />)}
                <MaturityScheduleCard />
              </Space>
            ),
          },
          { key: 'users', label: t('tabs.users'), children: body((report) => <UsersTab report={report} />) },
          { key: 'audit', label: t('tabs.audit'), children: <AuditLogTab /> },
        ]}
      />
    </Space>
  );
}
