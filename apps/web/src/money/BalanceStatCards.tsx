import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import { money } from './format';
import { useBalance } from './use-money';

/** Dashboard stat cards from GET /api/v1/balance. */
export function BalanceStatCards() {
  const { data, isLoading } = useBalance();
  const currency = data?.currency ?? 'USD';
  const cards = [
    { title: 'Account Balance', value: money(data?.available ?? 0, currency) },
    { title: 'Total Investments', value: money(data?.totalInvested ?? 0, currency) },
    { title: 'Total Earnings', value: money(data?.totalReturns ?? 0, currency) },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} md={8}>
          <Card loading={isLoading}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
