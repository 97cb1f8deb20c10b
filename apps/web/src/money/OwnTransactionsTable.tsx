import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { day, money, statusColour } from './format';
import { statusText, typeText } from './labels';
import { moneyApi, type TransactionPage, type TransactionView } from './money-api';
import { moneyKeys } from './query-keys';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';
import { useActionsColumn } from '../ui/table-actions';
import { StatementDownload } from './StatementDownload';
import { TransactionDetails } from './TransactionDetails';
import { transactionDescription } from './transaction-description';

/**
 * The customer's transactions, newest first, page by page (keyset cursor). In an admin's
 * read-only customer view (issue 30) the viewed customer's, without the statement download
 * or the deposit button (`onMakeDeposit` absent).
 */
export function OwnTransactionsTable({ onMakeDeposit }: { onMakeDeposit?: () => void }) {
  const { t } = useTranslation('money');
  const viewed = useViewedCustomer();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { data, isLoading, error } = useQuery<TransactionPage>({
    queryKey: viewed ? customerViewKeys.transactions(viewed, cursor) : moneyKeys.transactions(cursor),
    queryFn: () => (viewed ? customerViewApi.transactions(viewed, { cursor, limit: 20 }) : moneyApi.transactions({ cursor, limit: 20 })),
  });
  const [open, setOpen] = useState<TransactionView | null>(null);
  const actionsColumn = useActionsColumn();
  if (error) return <Empty description={t('own.loadFailed')} />;
  return (
    <>
      {!viewed && <StatementDownload />}
      <ResponsiveTable<TransactionView>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{
          emptyText: (
            <Empty description={t('common.noTransactions')}>
              {onMakeDeposit && !viewed && (
                <Button type="primary" onClick={onMakeDeposit}>
                  {t('own.makeDeposit')}
                </Button>
              )}
            </Empty>
          ),
        }}
        columns={[
          { title: t('common.type'), dataIndex: 'type', render: (type: string) => typeText(type) },
          { title: t('common.amount'), render: (_, row) => money(row.amount, row.currency, true) },
          { title: t('common.status'), dataIndex: 'status', render: (status: string) => <Tag color={statusColour(status)}>{statusText(status)}</Tag> },
          { title: t('common.reference'), dataIndex: 'reference' },
          { title: t('common.description'), key: 'description', ellipsis: true, render: (_, row) => transactionDescription(row) },
          { title: t('common.date'), dataIndex: 'createdAt', render: (at: string) => day(at) },
          actionsColumn({ title: t('common.actions'), width: 150, render: (_, row) => <Button onClick={() => setOpen(row)}>{t('common.viewDetails')}</Button> }),
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('own.newer')}
        </Button>
        <Button disabled={!data?.nextCursor} onClick={() => setCursors([...cursors, data?.nextCursor ?? undefined])}>
          {t('own.older')}
        </Button>
      </Space>
      <TransactionDetails transaction={open} onClose={() => setOpen(null)} />
    </>
  );
}
