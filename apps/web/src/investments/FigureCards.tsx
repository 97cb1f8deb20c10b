import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { StatFigure } from '../ui/StatFigure';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { amounts, money } from '../money/format';
import { InvestmentFigures, sumByCurrency } from './use-investments';

export interface Figure {
  key: string;
  title: string;
  value: string | number;
  loading: boolean;
  /** Secondary lines under the figure: what it counts, other currencies. */
  notes?: string[];
}

/**
 * The stat cards of the dashboard and the portfolio: one row of up to five on a wide screen,
 * two per row on a tablet, one per row on a phone.
 */
export function FigureCards({ figures }: { figures: Figure[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={24} sm={12} lg={8} xl={{ flex: '20%' }}>
          <Card loading={figure.loading} style={{ height: '100%' }}>
            <StatFigure title={figure.title} value={figure.value} />
            {figure.notes?.map((note) => (
              <Typography.Text key={note} type="secondary" style={{ display: 'block' }}>
                {note}
              </Typography.Text>
            ))}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * Spec 02's Total Earnings: returns accrued (the ledger's, not paid yet) plus returns paid
 * (matured investments'), with the two parts under the figure, as both screens show it:
 * the same figure under the same label. `t` reads the `investments` namespace.
 */
export function returnFigures(figures: InvestmentFigures, t: TFunction<'investments'>): Figure[] {
  const [earned] = sumByCurrency([
    { currency: figures.currency, amount: figures.returnsAccrued },
    { currency: figures.currency, amount: figures.returnsPaid },
  ]);
  return [
    {
      key: 'total-earnings',
      title: t('figures.totalEarnings'),
      value: figures.investmentsFailed ? '—' : money(earned.amount, figures.currency),
      loading: figures.balanceLoading || figures.investmentsLoading,
      notes: [
        t('figures.earningsAccrued', { amount: money(figures.returnsAccrued, figures.currency) }),
        t('figures.earningsPaid', { amount: money(figures.returnsPaid, figures.currency) }),
        ...(figures.returnsPaidElsewhere.length > 0 ? [t('figures.alsoPaid', { amounts: amounts(figures.returnsPaidElsewhere) })] : []),
      ],
    },
  ];
}
