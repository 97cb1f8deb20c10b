import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { StatFigure } from '../ui/StatFigure';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from './display-currency';
import { money } from './format';
import { useMoneySummary } from './use-money';

/** The four cards on top of the Deposits and Withdrawals screen, in the display currency. */
export function MoneyCards() {
  const { t } = useTranslation('money');
  const { currency } = useDisplayCurrency();
  const { data, isLoading } = useMoneySummary(currency);
  const cards = [
    { title: t('common.totalDeposits'), value: money(data?.totalDeposits ?? 0, currency) },
    { title: t('common.totalWithdrawals'), value: money(data?.totalWithdrawals ?? 0, currency) },
    { title: t('summary.pendingRequests'), value: String(data?.pendingRequests ?? 0) },
    { title: t('common.availableBalance'), value: money(data?.availableBalance ?? 0, currency) },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} lg={6}>
          <Card loading={isLoading}>
            <StatFigure title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
