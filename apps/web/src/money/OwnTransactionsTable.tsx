import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { capitalise, day, money, statusColour } from './format';
import { moneyApi, type TransactionView } from './money-api';
import { moneyKeys } from './query-keys';
import { TransactionDetails } from './TransactionDetails';

/** The customer's transactions, newest first, page by page (keyset cursor). */
export function OwnTransactionsTable({ onMakeDeposit }: { onMakeDeposit: () => void }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { data, isLoading, error } = useQuery({ queryKey: moneyKeys.transactions(cursor), queryFn: () => moneyApi.transactions({ cursor, limit: 20 }) });
  const [open, setOpen] = useState<TransactionView | null>(null);
  if (error) return <Empty description="Your transactions could not be loaded. Please try again." />;
  return (
    <>
      <Table<TransactionView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{
          emptyText: (
            <Empty description="No transactions found">
              <Button type="primary" onClick={onMakeDeposit}>
                Make a Deposit
              </Button>
            </Empty>
          ),
        }}
        columns={[
          { title: 'Type', dataIndex: 'type', render: (type: string) => capitalise(type) },
          { title: 'Amount', render: (_, row) => money(row.amount, row.currency, true) },
          { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag color={statusColour(status)}>{status}</Tag> },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          { title: 'Date', dataIndex: 'createdAt', render: (at: string) => day(at) },
          { title: 'Actions', render: (_, row) => <Button onClick={() => setOpen(row)}>View Details</Button> },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </Button>
        <Button disabled={!data?.nextCursor} onClick={() => setCursors([...cursors, data?.nextCursor ?? undefined])}>
          Older
        </Button>
      </Space>
      <TransactionDetails transaction={open} onClose={() => setOpen(null)} />
    </>
  );
}
