import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { useAuth } from '../auth/AuthProvider';
import { CursorPager } from '../ui/CursorPager';
import { DecisionDialog } from '../ui/DecisionDialog';
import { useCursorPages } from '../ui/use-cursor-pages';
import { formatNumber } from '../ui/number-format';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { useActionsColumn } from '../ui/table-actions';
import { dateTime, money, statusColour } from './format';
import { statusText, typeText } from './labels';
import { moneyApi, type AdminTransactionFilters, type TransactionView } from './money-api';
import { moneyKeys } from './query-keys';
import { TransactionDetails } from './TransactionDetails';
import { transactionDescription } from './transaction-description';

const PAGE_SIZE = 20;
const TYPES = ['deposit', 'withdrawal', 'investment', 'return', 'fee'] as const;
const STATUSES = ['completed', 'pending', 'processing', 'failed', 'cancelled'] as const;

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * What an admin's decision does, said before it is confirmed: whose balance, which amount,
 * and for a large withdrawal whether a second administrator still has to approve.
 */
function consequenceOf(t: TFunction<'money'>, row: TransactionView, approve: boolean): string {
  const name = row.client ? `${row.client.firstName} ${row.client.lastName}` : t('admin.theCustomer');
  const amount = money(row.amount.replace(/^-/, ''), row.currency);
  const kind = row.type === 'withdrawal' ? 'withdrawal' : row.type === 'investment' ? 'investment' : 'deposit';
  if (approve && kind === 'withdrawal' && row.approvals && row.approvals.given + 1 < row.approvals.required) {
    return t('admin.consequence.approveWithdrawalFirst', { amount, name, given: row.approvals.given + 1, required: row.approvals.required });
  }
  return t(`admin.consequence.${approve ? 'approve' : 'reject'}.${kind}`, { amount, name });
}

/**
 * The back office's transaction list: search, filters, server-side keyset pages, details
 * with the client, export of the filtered list, and Approve/Reject of pending ones.
 */
export function AdminTransactionsTable({ fixedType, decisions }: { fixedType?: AdminTransactionFilters['type']; decisions: boolean }) {
  const { t } = useTranslation('money');
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<AdminTransactionFilters>({ type: fixedType });
  const [details, setDetails] = useState<TransactionView | null>(null);
  // The decision waiting for the admin's confirmation (issue 30): nothing is sent before it.
  const [deciding, setDeciding] = useState<{ row: TransactionView; approve: boolean } | null>(null);
  const { user } = useAuth();
  const actionsColumn = useActionsColumn();
  const approvedByMe = (row: TransactionView) => Boolean(user && row.approvals?.approvedBy.includes(user.id));
  const pages = useCursorPages(filters);
  const query = { ...filters, cursor: pages.cursor, limit: PAGE_SIZE };
  const { data, isFetching, error } = useQuery({ queryKey: moneyKeys.adminTransactions(query), queryFn: () => moneyApi.adminTransactions(query), placeholderData: keepPreviousData });

  const decide = useMutation({
    mutationFn: ({ row, approve, why }: { row: TransactionView; approve: boolean; why?: string }) => (approve ? moneyApi.approve(row.id) : moneyApi.reject(row.id, why ?? '')),
    onSuccess: (row) => {
      const waiting = row.status !== 'completed' && row.status !== 'failed' && row.approvals;
      notification.success({
        title: row.status === 'failed' ? t('admin.rejected') : t('admin.approved'),
        description: waiting
          ? t('admin.awaitingAnotherAdmin', { reference: row.reference, given: waiting.given, required: waiting.required })
          : t('admin.nowStatus', { reference: row.reference, status: statusText(row.status) }),
      });
      setDeciding(null);
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
    onError: (problem) => notification.error({ title: t('common.updateFailed'), description: serverMessage(problem) ?? t('admin.updateFailedDefault') }),
  });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const blob = await moneyApi.exportTransactions(format, filters);
      saveFile(blob, `transactions-report-${new Date().toISOString().slice(0, 10)}.${format}`);
      notification.success({ title: t('admin.exported'), description: t('admin.exportedDescription') });
    } catch (problem) {
      notification.error({ title: t('admin.exportFailed'), description: serverMessage(problem) ?? t('admin.exportFailedDefault') });
    }
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('admin.search')}
          style={{ width: 340 }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilters({ ...filters, q: value.trim() || undefined })}
        />
        {!fixedType && (
          <Select
            aria-label={t('common.type')}
            style={{ width: 160 }}
            value={filters.type ?? 'all'}
            onChange={(value) => setFilters({ ...filters, type: value === 'all' ? undefined : (value as AdminTransactionFilters['type']) })}
            options={[{ value: 'all', label: t('types.all') }, ...TYPES.map((value) => ({ value, label: typeText(value) }))]}
          />
        )}
        <Select
          aria-label={t('common.status')}
          style={{ width: 160 }}
          value={filters.status ?? 'all'}
          onChange={(value) => setFilters({ ...filters, status: value === 'all' ? undefined : (value as AdminTransactionFilters['status']) })}
          options={[{ value: 'all', label: t('statusOption.all') }, ...STATUSES.map((value) => ({ value, label: t(`statusOption.${value}`) }))]}
        />
        {fixedType === 'deposit' && (
          <Select
            aria-label={t('admin.method')}
            style={{ width: 160 }}
            value={filters.method ?? 'all'}
            onChange={(value) => setFilters({ ...filters, method: value === 'all' ? undefined : (value as AdminTransactionFilters['method']) })}
            options={[{ value: 'all', label: t('admin.allMethods') }, { value: 'bank', label: t('admin.bankTransfer') }, { value: 'crypto', label: t('admin.cryptoTransfer') }]}
          />
        )}
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('csv')}>
          {t('admin.exportCsv')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('xlsx')}>
          {t('admin.exportExcel')}
        </Button>
      </Space>
      {error && <Typography.Paragraph type="danger">{serverMessage(error) ?? t('admin.loadFailed')}</Typography.Paragraph>}
      {/* On a phone each transaction is a card, its decisions at its foot (ui/ResponsiveTable). */}
      <ResponsiveTable<TransactionView>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        // Widths for each column (a fixed Actions column otherwise gives each an equal share): the client's email and the amount keep their lines whole.
        scroll={{ x: 1700 }}
        locale={{ emptyText: t('common.noTransactions') }}
        columns={[
          { title: t('common.client'), width: 240, render: (_, row) => (row.client ? <>{row.client.firstName} {row.client.lastName}<br /><Typography.Text type="secondary">{row.client.email}</Typography.Text></> : '—') },
          { title: t('common.type'), width: 110, dataIndex: 'type', render: typeText },
          // An amount is never broken across lines ("+$123,456,789" then ".12").
          { title: t('common.amount'), width: 180, render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{money(row.amount, row.currency, true)}</span> },
          {
            title: t('common.status'),
            width: 130,
            render: (_, row) => (
              <>
                <Tag color={statusColour(row.status)}>{statusText(row.status)}</Tag>
                {row.approvals && row.approvals.required > 1 && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('admin.approvals', { given: row.approvals.given, required: row.approvals.required })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('admin.method'), width: 150, dataIndex: 'methodLabel' },
          { title: t('common.date'), width: 180, dataIndex: 'createdAt', render: dateTime },
          { title: t('common.reference'), width: 230, dataIndex: 'reference' },
          { title: t('common.description'), key: 'description', ellipsis: true, render: (_, row) => transactionDescription(row) },
          actionsColumn({
            title: t('common.actions'),
            width: 280,
            render: (_, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setDetails(row)}>
                  {t('common.viewDetails')}
                </Button>
                {decisions && (row.status === 'pending' || row.status === 'processing') && row.method !== 'balance' && (
                  <>
                    {/* Four-eyes: the server refuses a second approval by the same admin; say so before the click. */}
                    <Tooltip title={approvedByMe(row) ? t('admin.secondApprovalNeeded') : undefined}>
                      {/* A disabled button gets no pointer events; the span carries the hover for the tooltip. */}
                      <span>
                        <Button
                          size="small"
                          type="primary"
                          disabled={approvedByMe(row)}
                          loading={decide.isPending && decide.variables?.row.id === row.id}
                          onClick={() => setDeciding({ row, approve: true })}
                        >
                          {t('common.approve')}
                        </Button>
                      </span>
                    </Tooltip>
                    <Button size="small" danger onClick={() => setDeciding({ row, approve: false })}>
                      {t('common.reject')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          }),
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor}>
        <Typography.Text type="secondary">
          {data ? t(data.totalCapped ? 'admin.countCapped' : 'admin.count', { total: formatNumber(data.total) }) : ''}
        </Typography.Text>
      </CursorPager>
      <TransactionDetails transaction={details} onClose={() => setDetails(null)} />
      <DecisionDialog
        open={deciding !== null}
        title={deciding ? t(deciding.approve ? 'admin.approveTitle' : 'admin.rejectTitle', { reference: deciding.row.reference }) : ''}
        subject={{
          name: deciding?.row.client ? `${deciding.row.client.firstName} ${deciding.row.client.lastName}` : null,
          email: deciding?.row.client?.email ?? null,
          amount: deciding ? money(deciding.row.amount.replace(/^-/, ''), deciding.row.currency) : null,
        }}
        consequence={deciding ? consequenceOf(t, deciding.row, deciding.approve) : ''}
        confirmText={deciding?.approve ? t('common.approve') : t('common.reject')}
        rejecting={deciding !== null && !deciding.approve}
        text={deciding && !deciding.approve ? { label: t('admin.rejectReason') } : undefined}
        loading={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={(why) => deciding && decide.mutate({ row: deciding.row, approve: deciding.approve, why: deciding.approve ? undefined : why })}
      />
    </>
  );
}
