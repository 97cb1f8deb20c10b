import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import { StatFigure } from '../ui/StatFigure';
import Typography from 'antd/es/typography';
import { money } from '../money/format';
import type { EarningsActualsFigures } from './reports-api';

/** The four figures' names, in the namespace of the screen showing them. */
export interface EarningsLabels {
  feesEarned: string;
  returnsPaid: string;
  returnsAccrued: string;
  assetsUnderManagement: string;
}

const FIGURES = ['feesEarned', 'returnsPaid', 'returnsAccrued', 'assetsUnderManagement'] as const;

/**
 * The Earnings Report's actuals, one row per currency (headed by its code when there are
 * several): amounts of different currencies are never converted, so never added together.
 * Shared by the admin Overview and the Reports' Financial tab.
 */
export function EarningsFigures({ byCurrency, labels }: { byCurrency: EarningsActualsFigures[]; labels: EarningsLabels }) {
  const several = byCurrency.length > 1;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {byCurrency.map((figures) => (
        <section key={figures.currency} aria-label={several ? figures.currency : undefined} data-testid={`earnings-${figures.currency}`}>
          {several && <Typography.Text strong>{figures.currency}</Typography.Text>}
          <Row gutter={[16, 16]}>
            {FIGURES.map((name) => (
              <Col key={name} xs={12} md={6}>
                <StatFigure title={labels[name]} value={money(figures[name], figures.currency)} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </Space>
  );
}
