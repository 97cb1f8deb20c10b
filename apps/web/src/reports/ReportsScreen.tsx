import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '../api/api-error';
import { amounts, capitalise, day, money } from '../money/format';
import { AuditLogTab } from './AuditLogTab';
import { ExportButtons } from './ExportButtons';
import { ActivityChart, NewUsersChart, VolumeChart } from './report-charts';
import { reportKeys, reportsApi, type AdminReportView, type ReportPeriod, type ReportRange, type ReportTab } from './reports-api';

export const NO_REPORT_DATA = 'No report data available';

const PERIODS: { value: ReportPeriod; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'custom', label: 'Custom range' },
];

const label = (text: string) => capitalise(text.replace(/_/g, ' '));

function Unavailable({ section, name }: { section: { available: boolean; message?: string | null }; name: string }) {
  if (section.available) return null;
  return <Alert type="warning" showIcon message={`${name} figures are unavailable`} description={section.message ?? undefined} />;
}

function CountTable({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  return (
    <Card size="small" title={title}>
      <Table
        size="small"
        rowKey="label"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'None in this period' }}
        columns={[
          { title: 'Item', dataIndex: 'label', render: label },
          { title: 'Count', dataIndex: 'count', align: 'right' },
        ]}
      />
    </Card>
  );
}

function OverviewTab({ report }: { report: AdminReportView }) {
  const ledger = report.money.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.users} name="User" />
      <Unavailable section={report.applications} name="Application" />
      <Unavailable section={report.money} name="Transaction" />
      <Unavailable section={report.kyc} name="KYC" />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={4}>
          <Card size="small">
            <Statistic title="New Users" value={report.users.data?.newUsers ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title="Applications" value={report.applications.data?.submitted ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title="Transactions" value={ledger?.transactions ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title="Transaction Volume" value={ledger ? amounts(ledger.totalVolume) : '—'} />
          </Card>
        </Col>
        <Col xs={24} lg={5}>
          <Card size="small">
            <Statistic title="Platform Fees" value={ledger ? amounts(ledger.fees) : '—'} />
          </Card>
        </Col>
      </Row>
      <Card title="Activity per day">
        <ActivityChart report={report} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <CountTable title="Applications by status" rows={report.applications.data?.byStatus ?? []} />
        </Col>
        <Col xs={24} md={12}>
          <CountTable title="Applications by type" rows={report.applications.data?.byType ?? []} />
        </Col>
      </Row>
    </Space>
  );
}

function FinancialTab({ report }: { report: AdminReportView }) {
  const ledger = report.money.data;
  const currencies = [...new Set((ledger?.perDay ?? []).map((row) => row.currency))];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency: string = chosen && (currencies as string[]).includes(chosen) ? chosen : (currencies[0] ?? 'USD');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.money} name="Transaction" />
      <Card
        title="Transaction volume per day"
        extra={currencies.length > 1 && <Select size="small" value={currency} onChange={setChosen} options={currencies.map((value) => ({ value, label: value }))} aria-label="Currency" />}
      >
        <VolumeChart report={report} currency={currency} />
      </Card>
      <Card size="small" title="Transaction volumes by type and status">
        <Table
          size="small"
          rowKey={(row) => `${row.type}-${row.status}-${row.currency}`}
          pagination={false}
          dataSource={ledger?.volumes ?? []}
          locale={{ emptyText: 'None in this period' }}
          columns={[
            { title: 'Type', dataIndex: 'type', render: label },
            { title: 'Status', dataIndex: 'status', render: label },
            { title: 'Count', dataIndex: 'count', align: 'right' },
            { title: 'Amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title="Fees posted">
            <Statistic value={ledger ? amounts(ledger.fees) : '—'} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="Investment amounts applied for">
            <Statistic value={report.applications.data ? amounts(report.applications.data.requested) : '—'} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

function UsersTab({ report }: { report: AdminReportView }) {
  const kyc = report.kyc.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Unavailable section={report.users} name="User" />
      <Unavailable section={report.kyc} name="KYC" />
      <Card title="New users per day">
        <NewUsersChart report={report} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <CountTable title="New users by type" rows={report.users.data?.byType ?? []} />
        </Col>
        <Col xs={24} md={8}>
          <CountTable title="New users by status" rows={report.users.data?.byStatus ?? []} />
        </Col>
        <Col xs={24} md={8}>
          <CountTable title="KYC outcomes" rows={kyc?.outcomes ?? []} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title="KYC documents submitted" value={kyc?.documentsSubmitted ?? '—'} />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <CountTable title="KYC document reviews" rows={kyc?.documentReviews ?? []} />
        </Col>
      </Row>
    </Space>
  );
}

/** Spec 02 §2 Reports & Analytics: a period's figures from every service, charts, tables and exports. */
export function ReportsScreen() {
  const [range, setRange] = useState<ReportRange>({ period: 'weekly' });
  const [tab, setTab] = useState<ReportTab>('overview');
  const ready = range.period !== 'custom' || Boolean(range.from && range.to);
  const { data, isFetching, error, refetch } = useQuery({ queryKey: reportKeys.report(range), queryFn: () => reportsApi.report(range), enabled: ready });

  const body = (render: (report: AdminReportView) => ReactNode) => {
    if (error) return <Alert type="error" showIcon message={serverMessage(error) ?? 'The report could not be loaded.'} />;
    if (!data) return <Card loading />;
    if (!data.hasData) return <Empty description={NO_REPORT_DATA} />;
    return render(data);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Select<ReportPeriod> aria-label="Period" value={range.period} style={{ width: 160 }} options={PERIODS} onChange={(period) => setRange(period === 'custom' ? { period, from: range.from, to: range.to } : { period })} />
          {range.period === 'custom' && (
            <DatePicker.RangePicker aria-label="Date range" onChange={(dates) => setRange({ period: 'custom', from: dates?.[0]?.format('YYYY-MM-DD'), to: dates?.[1]?.format('YYYY-MM-DD') })} />
          )}
          <Button onClick={() => refetch()} loading={isFetching} disabled={!ready}>
            Refresh
          </Button>
          {data && (
            <Typography.Text type="secondary">
              {day(data.from)} – {day(new Date(Date.parse(data.to) - 1).toISOString())}
            </Typography.Text>
          )}
        </Space>
        {tab !== 'audit' && <ExportButtons target={{ kind: 'report', range, tab }} disabled={!data?.hasData} />}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ReportTab)}
        items={[
          { key: 'overview', label: 'Overview', children: body((report) => <OverviewTab report={report} />) },
          { key: 'financial', label: 'Financial', children: body((report) => <FinancialTab report={report} />) },
          { key: 'users', label: 'Users', children: body((report) => <UsersTab report={report} />) },
          { key: 'audit', label: 'Audit Logs', children: <AuditLogTab /> },
        ]}
      />
    </Space>
  );
}
