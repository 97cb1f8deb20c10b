import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { capitalise, dateTime, money, statusColour } from './format';
import { moneyApi, type AdminTransactionFilters, type TransactionView } from './money-api';
import { moneyKeys } from './query-keys';
import { TransactionDetails } from './TransactionDetails';

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
 * The back office's transaction list: search, filters, server-side keyset pages, details
 * with the client, export of the filtered list, and Approve/Reject of pending ones.
 */
export function AdminTransactionsTable({ fixedType, decisions }: { fixedType?: AdminTransactionFilters['type']; decisions: boolean }) {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<AdminTransactionFilters>({ type: fixedType });
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [details, setDetails] = useState<TransactionView | null>(null);
  const [rejecting, setRejecting] = useState<TransactionView | null>(null);
  const [reason, setReason] = useState('');
  const cursor = cursors[cursors.length - 1];
  const query = { ...filters, cursor, limit: PAGE_SIZE };
  const { data, isFetching, error } = useQuery({ queryKey: moneyKeys.adminTransactions(query), queryFn: () => moneyApi.adminTransactions(query), placeholderData: keepPreviousData });
  const filter = (next: AdminTransactionFilters) => {
    setFilters(next);
    setCursors([undefined]);
  };

  const decide = useMutation({
    mutationFn: ({ row, approve, why }: { row: TransactionView; approve: boolean; why?: string }) => (approve ? moneyApi.approve(row.id) : moneyApi.reject(row.id, why)),
    onSuccess: (row) => {
      notification.success({ message: row.status === 'completed' ? 'Transaction approved' : 'Transaction rejected', description: `${row.reference} is now ${row.status}.` });
      setRejecting(null);
      setReason('');
      return queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    },
    onError: (problem) => notification.error({ message: 'Update Failed', description: serverMessage(problem) ?? 'The transaction could not be updated. Please try again.' }),
  });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const blob = await moneyApi.exportTransactions(format, filters);
      saveFile(blob, `transactions-report-${new Date().toISOString().slice(0, 10)}.${format}`);
      notification.success({ message: 'Export Successful', description: 'Transaction report has been downloaded successfully.' });
    } catch (problem) {
      notification.error({ message: 'Export Failed', description: serverMessage(problem) ?? 'Failed to export transaction report.' });
    }
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Search client, email, reference or description"
          style={{ width: 340 }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => filter({ ...filters, q: value.trim() || undefined })}
        />
        {!fixedType && (
          <Select
            style={{ width: 160 }}
            value={filters.type ?? 'all'}
            onChange={(value) => filter({ ...filters, type: value === 'all' ? undefined : (value as AdminTransactionFilters['type']) })}
            options={[{ value: 'all', label: 'All types' }, ...TYPES.map((value) => ({ value, label: capitalise(value) }))]}
          />
        )}
        <Select
          style={{ width: 160 }}
          value={filters.status ?? 'all'}
          onChange={(value) => filter({ ...filters, status: value === 'all' ? undefined : (value as AdminTransactionFilters['status']) })}
          options={[{ value: 'all', label: 'All statuses' }, ...STATUSES.map((value) => ({ value, label: capitalise(value) }))]}
        />
        {fixedType === 'deposit' && (
          <Select
            style={{ width: 160 }}
            value={filters.method ?? 'all'}
            onChange={(value) => filter({ ...filters, method: value === 'all' ? undefined : (value as AdminTransactionFilters['method']) })}
            options={[{ value: 'all', label: 'All methods' }, { value: 'bank', label: 'Bank Transfer' }, { value: 'crypto', label: 'Crypto Transfer' }]}
          />
        )}
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('csv')}>
          Export CSV
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void exportAs('xlsx')}>
          Export Excel
        </Button>
      </Space>
      {error && <Typography.Paragraph type="danger">{serverMessage(error) ?? 'The transactions could not be loaded.'}</Typography.Paragraph>}
      <Table<TransactionView>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: 'No transactions found' }}
        columns={[
          { title: 'Client', render: (_, row) => (row.client ? <>{row.client.firstName} {row.client.lastName}<br /><Typography.Text type="secondary">{row.client.email}</Typography.Text></> : '—') },
          { title: 'Type', dataIndex: 'type', render: capitalise },
          { title: 'Amount', render: (_, row) => money(row.amount, row.currency, true) },
          { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag color={statusColour(status)}>{status}</Tag> },
          { title: 'Method', dataIndex: 'methodLabel' },
          { title: 'Date', dataIndex: 'createdAt', render: dateTime },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          {
            title: 'Actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setDetails(row)}>
                  View Details
                </Button>
                {decisions && (row.status === 'pending' || row.status === 'processing') && row.method !== 'balance' && (
                  <>
                    <Button size="small" type="primary" loading={decide.isPending && decide.variables?.row.id === row.id} onClick={() => decide.mutate({ row, approve: true })}>
                      Approve
                    </Button>
                    <Button size="small" danger onClick={() => setRejecting(row)}>
                      Reject
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {data ? `${data.total.toLocaleString('en-US')}${data.totalCapped ? '+' : ''} transactions` : ''}
        </Typography.Text>
        <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Previous
        </Button>
        <Typography.Text>Page {cursors.length}</Typography.Text>
        <Button disabled={!data?.nextCursor} onClick={() => setCursors([...cursors, data?.nextCursor ?? undefined])}>
          Next
        </Button>
      </Space>
      <TransactionDetails transaction={details} onClose={() => setDetails(null)} />
      <Modal
        open={rejecting !== null}
        title={`Reject ${rejecting?.reference ?? ''}`}
        okText="Reject"
        okButtonProps={{ danger: true }}
        confirmLoading={decide.isPending}
        onCancel={() => setRejecting(null)}
        onOk={() => rejecting && decide.mutate({ row: rejecting, approve: false, why: reason.trim() || undefined })}
      >
        <Typography.Paragraph>The customer is told the reason. A withdrawal’s held amount goes back to their available balance.</Typography.Paragraph>
        <Input.TextArea rows={3} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Reason" />
      </Modal>
    </>
  );
}
