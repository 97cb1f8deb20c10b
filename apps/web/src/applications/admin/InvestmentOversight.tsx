import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { StatFigure } from '../../ui/StatFigure';
import { DataTable } from '../../ui/DataTable';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OversightRow } from '@portal/api-client';
import { serverMessage } from '../../api/api-error';
import { useFeedback } from '../../app/feedback';
import { applicationsApi, type OversightFilter } from '../applications-api';
import { StatusTag } from '../StatusTag';
import { formatAmount, formatDate, STATUS_IN_SENTENCE, STATUS_LABELS, TYPE_LABELS } from '../labels';
import { applicationKeys } from '../query-keys';
import { amounts } from '../../money/format';
import { formatNumber } from '../../ui/number-format';
import { DecisionDialog } from '../../ui/DecisionDialog';
import { useActionsColumn } from '../../ui/table-actions';

/** "12.5" as 12.5% (12,5 % in French and German). */
const formatPercent = (rate: string) => formatNumber(Number(rate) / 100, { style: 'percent', maximumFractionDigits: 4 });

/** The statuses the list filters by: an application's until it is approved, then its investment's. */
const FILTER_STATUSES = ['pending', 'under_review', 'approved', 'rejected', 'awaiting_funding', 'active', 'matured', 'cancelled'] as const;

/** Paid into an approved investment so far, of its amount: "$4,000.00 of $10,000.00 (40%)"; a dash before approval. */
function useFunding(): (row: OversightRow) => string {
  const { t } = useTranslation('applications');
  return (row) => {
    if (row.fundedAmount === null || row.amount === null) return '—';
    const amount = Number(row.amount);
    const share = amount > 0 ? Math.min(Number(row.fundedAmount) / amount, 1) : 0;
    return t('oversight.fundedOf', {
      funded: formatAmount(row.fundedAmount, row.currency),
      amount: formatAmount(row.amount, row.currency),
      percent: formatNumber(share, { style: 'percent', maximumFractionDigits: 0 }),
    });
  };
}

/** Spec 02 "Investment Oversight" on the real applications and investments (funding and accrued return once approved); Approve and Reject decide for real. */
export function InvestmentOversight() {
  const { t } = useTranslation('applications');
  const funding = useFunding();
  // At 1366px and wider the actions stay in view at the table's right edge; on a phone they scroll with the row.
  const actionsColumn = useActionsColumn();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<OversightFilter>({});
  const [selected, setSelected] = useState<OversightRow | null>(null);
  // Approve or Reject waits for the admin's confirmation (issue 30).
  const [deciding, setDeciding] = useState<{ row: OversightRow; decision: 'approved' | 'rejected' } | null>(null);
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: applicationKeys.oversight(filter), queryFn: () => applicationsApi.adminInvestments(filter), placeholderData: keepPreviousData });
  const decide = useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approved' | 'rejected'; note: string }) => applicationsApi.review(id, decision, note),
    onSuccess: (updated) => {
      setDeciding(null);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      notification.success({ title: t('messages.applicationUpdatedTitle'), description: t('messages.applicationNow', { status: STATUS_IN_SENTENCE[updated.status] ?? updated.status }) });
    },
    onError: (error) => notification.error({ title: t('messages.reviewFailedTitle'), description: serverMessage(error) ?? t('messages.reviewFailed') }),
  });
  const tiles = query.data?.tiles;

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <StatFigure title={t('oversight.totalInvestments')} value={tiles?.totalInvestments ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            {/* One figure per currency: amounts are never converted, so they are not added together. */}
            <StatFigure title={t('oversight.totalValue')} value={amounts(tiles?.totalValueByCurrency)} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <StatFigure title={t('oversight.activeInvestments')} value={tiles?.activeInvestments ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <StatFigure title={t('oversight.pendingApplications')} value={tiles?.pendingApplications ?? 0} loading={query.isLoading} />
          </Card>
        </Col>
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('oversight.search')}
          placeholder={t('oversight.searchPlaceholder')}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, q: value.trim() || undefined })}
          style={{ width: 320 }}
        />
        <Select
          aria-label={t('oversight.statusFilter')}
          value={filter.status ?? 'all'}
          style={{ width: 200 }}
          onChange={(status: string) => setFilter({ ...filter, status: status === 'all' ? undefined : (status as OversightFilter['status']) })}
          options={[{ value: 'all', label: t('oversight.all') }, ...FILTER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))]}
        />
      </Space>
      <DataTable<OversightRow>
        rowKey="applicationId"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('oversight.empty') }}
        columns={[
          {
            title: t('oversight.client'),
            render: (_, row) => (
              <div>
                {row.userName ?? '—'}
                <br />
                <small>{row.userEmail ?? ''}</small>
              </div>
            ),
          },
          { title: t('oversight.investmentTypeColumn'), dataIndex: 'investmentType', render: (type: OversightRow['investmentType']) => TYPE_LABELS[type] },
          { title: t('oversight.amount'), dataIndex: 'amount', render: (amount: string | null, row) => formatAmount(amount, row.currency) },
          { title: t('oversight.fundedColumn'), key: 'funded', render: (_, row) => funding(row) },
          { title: t('oversight.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
          { title: t('oversight.accruedReturnColumn'), dataIndex: 'accruedReturn', render: (accrued: string | null, row) => formatAmount(accrued, row.currency) },
          { title: t('oversight.expectedReturnColumn'), dataIndex: 'expectedReturnRate', render: (rate: string | null) => (rate ? formatPercent(rate) : '—') },
          { title: t('oversight.maturityDateColumn'), dataIndex: 'maturityDate', render: formatDate },
          actionsColumn({
            title: t('common.actions'),
            width: 240,
            render: (_, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setSelected(row)}>
                  {t('common.view')}
                </Button>
                {row.status === 'pending' && (
                  <>
                    <Button size="small" type="primary" disabled={decide.isPending} onClick={() => setDeciding({ row, decision: 'approved' })}>
                      {t('common.approve')}
                    </Button>
                    <Button size="small" danger disabled={decide.isPending} onClick={() => setDeciding({ row, decision: 'rejected' })}>
                      {t('common.reject')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          }),
        ]}
      />
      <DecisionDialog
        open={deciding !== null}
        title={t(deciding?.decision === 'rejected' ? 'decision.rejectTitle' : 'decision.approveTitle')}
        subject={{ name: deciding?.row.userName, email: deciding?.row.userEmail, amount: deciding ? formatAmount(deciding.row.amount, deciding.row.currency) : null }}
        consequence={
          deciding
            ? t(deciding.decision === 'rejected' ? 'decision.rejectConsequence' : 'decision.approveConsequence', {
                name: deciding.row.userName ?? t('decision.theCustomer'),
                amount: formatAmount(deciding.row.amount, deciding.row.currency),
              })
            : ''
        }
        confirmText={t(deciding?.decision === 'rejected' ? 'common.reject' : 'common.approve')}
        rejecting={deciding?.decision === 'rejected'}
        text={{ label: t(deciding?.decision === 'rejected' ? 'decision.reason' : 'decision.note') }}
        loading={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={(note) => deciding && decide.mutate({ id: deciding.row.applicationId, decision: deciding.decision, note })}
      />
      <Modal open={selected !== null} title={t('oversight.detailsTitle')} onCancel={() => setSelected(null)} footer={null} destroyOnHidden>
        {selected && (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('oversight.client')}>{selected.userName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.email')}>{selected.userEmail ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.investmentType')}>{TYPE_LABELS[selected.investmentType]}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.amount')}>{formatAmount(selected.amount, selected.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.status')}>
              <StatusTag status={selected.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('oversight.funded')}>{funding(selected)}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.accruedReturn')}>{formatAmount(selected.accruedReturn, selected.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.expectedReturn')}>
              {selected.expectedReturnRate ? formatPercent(selected.expectedReturnRate) : '—'}
              {selected.expectedReturnAmount ? ` (${formatAmount(selected.expectedReturnAmount, selected.currency)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('oversight.applicationDate')}>{formatDate(selected.applicationDate)}</Descriptions.Item>
            <Descriptions.Item label={t('oversight.maturityDate')}>{formatDate(selected.maturityDate)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
