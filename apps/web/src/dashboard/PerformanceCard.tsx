import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Grid from 'antd/es/grid';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { StatFigure } from '../ui/StatFigure';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvestments } from '../investments/use-investments';
import { useDisplayCurrency } from '../money/display-currency';
import { money } from '../money/format';
import { ChartTable } from '../ui/ChartTable';
import { formatDate } from '../ui/date-format';
import { formatNumber } from '../ui/number-format';
import { DEFAULT_PERFORMANCE_PERIOD, firstInvestmentDay, hasNoHistory, PERFORMANCE_PERIODS, periodStart, usePortfolioPerformance, type PerformancePeriod, type PortfolioPerformance } from './performance-api';

const PerformanceChart = lazy(() => import('./PerformanceChart'));

const CHART_HEIGHT = 260;

/** A return as the ledger gives it ("0.0412") in the language shown: "4.12%"; a dash when there is nothing to measure. */
function percent(value: string | null): string {
  return value === null ? '—' : formatNumber(Number(value), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * Issue 28: the portfolio's performance, in place of the spec's card of fixed percentages, all
 * from the ledger (GET /api/v1/portfolio/performance) in the display currency: the value per
 * day (invested + accrued) as a chart over the period chosen, the earnings to date, and the
 * period's time-weighted and money-weighted returns, each with a line on what it means. With
 * no history it says so; a return with nothing to measure is a dash, never a made-up 0%.
 */
export function PerformanceCard() {
  const { t } = useTranslation('dashboard');
  const { currency } = useDisplayCurrency();
  const screens = Grid.useBreakpoint();
  const [period, setPeriod] = useState<PerformancePeriod>(DEFAULT_PERFORMANCE_PERIOD);
  const investments = useInvestments();
  // "Since start" waits for the investments: it begins on the first one's day.
  const waitsForStart = period === 'all' && investments.isLoading;
  const from = periodStart(period, new Date(), firstInvestmentDay(investments.data?.items ?? [], currency));
  const performance = usePortfolioPerformance(currency, from, !waitsForStart);
  const periodLabels: Record<PerformancePeriod, string> = { '30d': t('performance.periods.30d'), '90d': t('performance.periods.90d'), '1y': t('performance.periods.1y'), all: t('performance.periods.all') };

  return (
    <Card title={t('performance.title')} style={{ marginBottom: 16 }}>
      {/* Sized to its labels (smaller on a phone), so none is cut short; it scrolls rather than overflow the card. */}
      <div style={{ overflowX: 'auto', marginBottom: 16 }}>
        <Segmented<PerformancePeriod>
          size={screens.sm === false ? 'small' : 'middle'}
          aria-label={t('performance.period')}
          value={period}
          onChange={setPeriod}
          options={PERFORMANCE_PERIODS.map((value) => ({ value, label: periodLabels[value] }))}
        />
      </div>
      {performance.isError ? (
        <Typography.Text type="danger">{t('performance.loadFailed')}</Typography.Text>
      ) : !performance.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : hasNoHistory(performance.data) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('performance.empty')} />
      ) : (
        <PerformanceFigures performance={performance.data} stale={performance.isPlaceholderData} />
      )}
    </Card>
  );
}

function PerformanceFigures({ performance, stale }: { performance: PortfolioPerformance; stale: boolean }) {
  const { t } = useTranslation('dashboard');
  const { series, currency } = performance;
  const nothingInvested = performance.timeWeightedReturn === null && performance.moneyWeightedReturn === null;
  const first = series[0];
  const last = series[series.length - 1];
  const highest = series.reduce((max, point) => Math.max(max, Number(point.value)), 0);
  const label = t('performance.chart.label', {
    from: formatDate(first.date),
    to: formatDate(last.date),
    start: money(first.value, currency),
    end: money(last.value, currency),
    high: money(highest, currency),
  });
  const figures = [
    { key: 'earnings', title: t('performance.earnings'), value: money(performance.earningsToDate, currency), note: t('performance.earningsNote') },
    { key: 'twr', title: t('performance.timeWeighted'), value: percent(performance.timeWeightedReturn), note: t('performance.timeWeightedNote') },
    { key: 'mwr', title: t('performance.moneyWeighted'), value: percent(performance.moneyWeightedReturn), note: t('performance.moneyWeightedNote') },
  ];
  return (
    <div aria-busy={stale} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={24} md={8}>
            <StatFigure title={figure.title} value={figure.value} />
            <Typography.Text type="secondary">{figure.note}</Typography.Text>
          </Col>
        ))}
      </Row>
      {nothingInvested && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('performance.nothingInvested')}
        </Typography.Paragraph>
      )}
      <Suspense fallback={<div role="img" aria-label={label} style={{ height: CHART_HEIGHT }} />}>
        <PerformanceChart series={series} currency={currency} label={label} height={CHART_HEIGHT} />
      </Suspense>
      <ChartTable
        caption={t('performance.title')}
        columns={[
          { key: 'date', title: t('performance.chart.date') },
          { key: 'value', title: t('performance.chart.value'), numeric: true },
          { key: 'invested', title: t('performance.chart.invested'), numeric: true },
        ]}
        rows={series.map((point) => ({ key: point.date, date: formatDate(point.date), value: money(point.value, currency), invested: money(point.invested, currency) }))}
      />
    </div>
  );
}
