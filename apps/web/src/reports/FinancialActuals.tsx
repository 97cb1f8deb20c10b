import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { DataTable } from '../ui/DataTable';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { day, money } from '../money/format';
import { EarningsFigures } from './EarningsFigures';
import { MaturityChart } from './report-charts';
import { MATURITY_HORIZON_DAYS, reportKeys, reportsApi, type EarningsWindow, type MaturityWeek } from './reports-api';

/** Decimal amounts ("10000.00") added in whole cents, so the total is exact. */
export function addAmounts(...amounts: string[]): string {
  const cents = amounts.reduce((total, amount) => total + Math.round(Number(amount) * 100), 0);
  return (cents / 100).toFixed(2);
}

/** The report period's actuals: fees earned, returns paid, returns accrued and assets under management, per currency. */
export function EarningsActualsCard({ range }: { range: EarningsWindow }) {
  const { t } = useTranslation('reports');
  const { data, error, isLoading } = useQuery({ queryKey: reportKeys.earnings(range), queryFn: () => reportsApi.earnings(range) });
  return (
    <Card title={t('earnings.title')} loading={isLoading} data-testid="report-earnings">
      {error ? (
        <Alert type="error" showIcon title={serverMessage(error) ?? t('earnings.loadFailed')} />
      ) : (
        data && (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <EarningsFigures
              byCurrency={data.byCurrency}
              labels={{ feesEarned: t('earnings.feesEarned'), returnsPaid: t('earnings.returnsPaid'), returnsAccrued: t('earnings.returnsAccrued'), assetsUnderManagement: t('earnings.assetsUnderManagement') }}
            />
            <Typography.Text type="secondary">{t('earnings.asOfEnd')}</Typography.Text>
          </Space>
        )
      )}
    </Card>
  );
}

/** Treasury's view ahead: the active investments maturing each week of the next 90 days, with the cash each week needs. */
export function MaturityScheduleCard() {
  const { t } = useTranslation('reports');
  const { data, error, isLoading } = useQuery({ queryKey: reportKeys.maturities(MATURITY_HORIZON_DAYS), queryFn: () => reportsApi.maturities(MATURITY_HORIZON_DAYS) });
  const currencies = (data?.byCurrency ?? []).map((entry) => entry.currency as string);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'USD');
  const items = data?.byCurrency.find((entry) => entry.currency === currency)?.items ?? [];
  const total = (pick: (week: MaturityWeek) => string) => addAmounts(...items.map(pick));
  return (
    <Card
      title={t('maturities.title', { days: MATURITY_HORIZON_DAYS })}
      loading={isLoading}
      data-testid="report-maturities"
      extra={currencies.length > 1 && <Select size="small" value={currency} onChange={setChosen} options={currencies.map((value) => ({ value, label: value }))} aria-label={t('financial.currency')} />}
    >
      {error ? (
        <Alert type="error" showIcon title={serverMessage(error) ?? t('maturities.loadFailed')} />
      ) : (
        data && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('maturities.range', { from: day(data.from), to: day(data.to) })}</Typography.Text>
            <MaturityChart items={items} currency={currency} />
            <DataTable<MaturityWeek>
              size="small"
              rowKey="weekStart"
              pagination={false}
              scroll={{ x: 560 }}
              dataSource={items}
              columns={[
                { title: t('maturities.weekOf'), dataIndex: 'weekStart', render: (weekStart: string) => day(weekStart) },
                { title: t('maturities.principal'), dataIndex: 'principal', align: 'right', render: (amount: string) => money(amount, currency) },
                { title: t('maturities.returns'), dataIndex: 'returns', align: 'right', render: (amount: string) => money(amount, currency) },
                { title: t('maturities.totalDue'), key: 'total', align: 'right', render: (_, week) => money(addAmounts(week.principal, week.returns), currency) },
                { title: t('maturities.count'), dataIndex: 'count', align: 'right' },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('maturities.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {money(total((week) => week.principal), currency)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {money(total((week) => week.returns), currency)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <Typography.Text strong>{money(total((week) => addAmounts(week.principal, week.returns)), currency)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {items.reduce((count, week) => count + week.count, 0)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Space>
        )
      )}
    </Card>
  );
}
