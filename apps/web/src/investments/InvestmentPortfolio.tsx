import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import type { InvestmentView } from '@portal/api-client';
import { applicationsApi } from '../applications/applications-api';
import { StatusTag } from '../applications/ApplicationStatusList';
import { formatDate, formatUsd, TYPE_LABELS } from '../applications/labels';
import { applicationKeys } from '../applications/query-keys';

/** Sum of decimal strings in cents, exactly. */
function total(amounts: string[]): string {
  const cents = amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  return (cents / 100).toFixed(2);
}

/** The customer's investments (approved applications) and pending applications, from the server. */
export function InvestmentPortfolio() {
  const investments = useQuery({ queryKey: applicationKeys.investments(), queryFn: applicationsApi.listOwnInvestments });
  const applications = useQuery({ queryKey: applicationKeys.own(), queryFn: applicationsApi.listOwn });
  const items = investments.data?.items ?? [];
  const waiting = (applications.data?.items ?? []).filter((application) => application.status === 'pending' || application.status === 'under_review');
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title="Total Invested" value={formatUsd(total(items.map((item) => item.amount)))} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title="Active Investments" value={items.filter((item) => item.status === 'active').length} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title="Expected Returns" value={formatUsd(total(items.map((item) => item.expectedReturnAmount)))} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title="Applications in Review" value={waiting.length} loading={applications.isLoading} />
          </Card>
        </Col>
      </Row>
      <Card title="Investments">
        <Table<InvestmentView>
          rowKey="id"
          loading={investments.isLoading}
          dataSource={items}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'No investments yet. An application becomes an investment once it is approved.' }}
          columns={[
            { title: 'Type', dataIndex: 'investmentType', render: (type: InvestmentView['investmentType']) => TYPE_LABELS[type] },
            { title: 'Amount', dataIndex: 'amount', render: formatUsd },
            { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
            { title: 'Start Date', dataIndex: 'startDate', render: formatDate },
            { title: 'Maturity Date', dataIndex: 'maturityDate', render: formatDate },
            { title: 'Expected Return', render: (_, row) => `${Number(row.expectedReturnRate)}% (${formatUsd(row.expectedReturnAmount)})` },
          ]}
        />
        {investments.isError && <Typography.Text type="danger">Your investments could not be loaded.</Typography.Text>}
      </Card>
    </>
  );
}
