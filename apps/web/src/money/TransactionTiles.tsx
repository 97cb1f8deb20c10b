import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import { useQuery } from '@tanstack/react-query';
import { amounts } from './format';
import { moneyApi } from './money-api';
import { moneyKeys } from './query-keys';

/** The six tiles of All Transactions, or the five of Deposit Management, from the ledger's counters. */
export function TransactionTiles({ view }: { view: 'all' | 'deposits' }) {
  const { data, isLoading } = useQuery({ queryKey: moneyKeys.adminStats(), queryFn: moneyApi.adminStats });
  const tiles =
    view === 'all'
      ? [
          { title: 'Total Transactions', value: String(data?.totalTransactions ?? 0) },
          { title: 'Total Volume', value: amounts(data?.totalVolume) },
          { title: 'Completed', value: String(data?.completed ?? 0) },
          { title: 'Pending', value: String(data?.pending ?? 0) },
          { title: 'Total Deposits', value: amounts(data?.totalDeposits) },
          { title: 'Total Withdrawals', value: amounts(data?.totalWithdrawals) },
        ]
      : [
          { title: 'Total Deposits', value: String(data?.depositCount ?? 0) },
          { title: 'Total Value', value: amounts(data?.totalDeposits) },
          { title: 'Completed', value: String(data?.depositsCompleted ?? 0) },
          { title: 'Pending', value: String(data?.depositsPending ?? 0) },
          { title: 'Security Deposits', value: amounts(data?.securityDeposits) },
        ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {tiles.map((tile) => (
        <Col key={tile.title} xs={12} md={8} xl={view === 'all' ? 4 : undefined} flex={view === 'deposits' ? 1 : undefined}>
          <Card loading={isLoading} size="small">
            <Statistic title={tile.title} value={tile.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
