import Card from 'antd/es/card';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { capitalise, dateTime, money, statusColour } from './format';
import { moneyApi } from './money-api';
import { moneyKeys } from './query-keys';

/** Admin overview: the five newest transactions with their clients (refreshed every 30 s, spec 02 §9). */
export function LatestTransactionsCard() {
  const query = { limit: 5 };
  const { data, isLoading } = useQuery({ queryKey: moneyKeys.adminTransactions(query), queryFn: () => moneyApi.adminTransactions(query), refetchInterval: 30_000 });
  return (
    <Card title="Latest Transactions" style={{ marginBottom: 16 }}>
      <List
        loading={isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: 'No recent transactions' }}
        renderItem={(item) => (
          <List.Item extra={<Tag color={statusColour(item.status)}>{item.status}</Tag>}>
            <List.Item.Meta
              title={`${item.client ? `${item.client.firstName} ${item.client.lastName}` : 'Unknown client'} · ${capitalise(item.type)} ${money(item.amount, item.currency, true)}`}
              description={`${item.reference} · ${dateTime(item.createdAt)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
