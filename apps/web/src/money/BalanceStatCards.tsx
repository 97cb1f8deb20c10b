import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicationsApi } from '../applications/applications-api';
import { applicationKeys } from '../applications/query-keys';
import { useDisplayCurrency } from './display-currency';
import { amounts, money } from './format';
import { useBalance } from './use-money';

/**
 * The dashboard's stat cards in spec 02's order: Total Investments, Active Plans, Total
 * Earnings and Account Balance. Money comes from GET /api/v1/balance in the customer's
 * display currency, with the other currencies they hold listed under the balance as they
 * are (no exchange rates, no sums); Active Plans counts their active investments.
 */
export function BalanceStatCards() {
  const { t } = useTranslation('money');
  const { currency } = useDisplayCurrency();
  const { data, isLoading } = useBalance(currency);
  // The same query as the portfolio's, so opening either fills the other.
  const investments = useQuery({ queryKey: applicationKeys.investments(), queryFn: applicationsApi.listOwnInvestments });
  const others = data?.otherCurrencies ?? [];
  const cards = [
    { title: t('balance.totalInvestments'), value: money(data?.totalInvested ?? 0, currency), loading: isLoading, others: [] },
    {
      title: t('balance.activePlans'),
      value: investments.isError ? '—' : (investments.data?.items ?? []).filter((item) => item.status === 'active').length,
      loading: investments.isLoading,
      others: [],
    },
    { title: t('balance.totalEarnings'), value: money(data?.totalReturns ?? 0, currency), loading: isLoading, others: [] },
    { title: t('balance.accountBalance'), value: money(data?.available ?? 0, currency), loading: isLoading, others },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <Card loading={card.loading} style={{ height: '100%' }}>
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
