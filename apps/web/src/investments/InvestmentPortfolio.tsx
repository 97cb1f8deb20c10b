import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvestmentView } from '@portal/api-client';
import { applicationsApi } from '../applications/applications-api';
import { StatusTag } from '../applications/StatusTag';
import { formatAmount, formatDate, TYPE_LABELS } from '../applications/labels';
import { applicationKeys } from '../applications/query-keys';
import { amounts } from '../money/format';
import { formatNumber } from '../ui/number-format';

/** Sums of decimal strings in cents, exactly, one per currency: amounts are never converted, so never added across currencies. */
function totalsByCurrency(items: { currency: string; amount: string }[]): { currency: string; amount: string }[] {
  const cents = new Map<string, number>();
  for (const item of items) cents.set(item.currency, (cents.get(item.currency) ?? 0) + Math.round(Number(item.amount) * 100));
  return [...cents].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, amount: (sum / 100).toFixed(2) }));
}

/** The customer's investments (approved applications) and pending applications, from the server. */
export function InvestmentPortfolio() {
  // The applications namespace holds the type and status labels shown in the table.
  const { t } = useTranslation(['investments', 'applications']);
  const investments = useQuery({ queryKey: applicationKeys.investments(), queryFn: applicationsApi.listOwnInvestments });
  const applications = useQuery({ queryKey: applicationKeys.own(), queryFn: applicationsApi.listOwn });
  const items = investments.data?.items ?? [];
  const waiting = (applications.data?.items ?? []).filter((application) => application.status === 'pending' || application.status === 'under_review');
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title={t('totalInvested')} value={amounts(totalsByCurrency(items))} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title={t('activeInvestments')} value={items.filter((item) => item.status === 'active').length} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title={t('expectedReturns')} value={amounts(totalsByCurrency(items.map((item) => ({ currency: item.currency, amount: item.expectedReturnAmount }))))} loading={investments.isLoading} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card>
            <Statistic title={t('applicationsInReview')} value={waiting.length} loading={applications.isLoading} />
          </Card>
        </Col>
      </Row>
      <Card title={t('investments')}>
        <Table<InvestmentView>
          rowKey="id"
          loading={investments.isLoading}
          dataSource={items}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('type'), dataIndex: 'investmentType', render: (type: InvestmentView['investmentType']) => TYPE_LABELS[type] },
            { title: t('amount'), dataIndex: 'amount', render: (amount: string, row) => formatAmount(amount, row.currency) },
            { title: t('status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
            { title: t('startDate'), dataIndex: 'startDate', render: formatDate },
            { title: t('maturityDate'), dataIndex: 'maturityDate', render: formatDate },
            { title: t('expectedReturn'), render: (_, row) => t('expectedReturnValue', { rate: formatNumber(Number(row.expectedReturnRate) / 100, { style: 'percent', maximumFractionDigits: 4 }), amount: formatAmount(row.expectedReturnAmount, row.currency) }) },
          ]}
        />
        {investments.isError && <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>}
      </Card>
    </>
  );
}
