import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import { useTranslation } from 'react-i18next';
import { money } from './format';
import { useBalance } from './use-money';

/** Dashboard stat cards from GET /api/v1/balance. */
export function BalanceStatCards() {
  const { t } = useTranslation('money');
  const { data, isLoading } = useBalance();
  const currency = data?.currency ?? 'USD';
  const cards = [
    { title: t('balance.accountBalance'), value: money(data?.available ?? 0, currency) },
    { title: t('balance.totalInvestments'), value: money(data?.totalInvested ?? 0, currency) },
    { title: t('balance.totalEarnings'), value: money(data?.totalReturns ?? 0, currency) },
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
