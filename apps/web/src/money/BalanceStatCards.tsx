import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from './display-currency';
import { amounts, money } from './format';
import { useBalance } from './use-money';

/**
 * Dashboard stat cards from GET /api/v1/balance in the customer's display currency, with the
 * other currencies they hold listed under the balance as they are (no exchange rates, no sums).
 */
export function BalanceStatCards() {
  const { t } = useTranslation('money');
  const { currency } = useDisplayCurrency();
  const { data, isLoading } = useBalance(currency);
  const others = data?.otherCurrencies ?? [];
  const cards = [
    { title: t('balance.accountBalance'), value: money(data?.available ?? 0, currency), others },
    { title: t('balance.totalInvestments'), value: money(data?.totalInvested ?? 0, currency), others: [] },
    { title: t('balance.totalEarnings'), value: money(data?.totalReturns ?? 0, currency), others: [] },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} md={8}>
          <Card loading={isLoading}>
            <Statistic title={card.title} value={card.value} />
            {card.others.length > 0 && (
              <Typography.Text type="secondary">
                {t('balance.otherCurrencies', { amounts: amounts(card.others) })}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
