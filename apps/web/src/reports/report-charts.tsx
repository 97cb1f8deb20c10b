import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../i18n/i18n';
import { ChartTable } from '../ui/ChartTable';
import { formatDate } from '../ui/date-format';
import { formatMoney, formatNumber } from '../ui/number-format';
import type { AdminReportView, MaturityWeek } from './reports-api';

/** Every UTC day of the window, so a chart shows quiet days as zero rather than skipping them. */
export function daysOf(report: Pick<AdminReportView, 'from' | 'to'>): string[] {
  const days: string[] = [];
  const end = new Date(report.to);
  for (const day = new Date(report.from.slice(0, 10)); day < end && days.length < 400; day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return days;
}

/** A chart's day ("2026-03-01") as a short day and month in the app's language: "03/01" (en), "01.03." (de). */
function shortDay(date: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Issue 30: the value axis sized to its longest label, so none is clipped: amounts short
 * ("$1.2M", "1,2 Mio. $") once they reach the thousands, counts whole.
 */
function valueAxis(values: number[], currency?: string): { tickFormatter: (value: number) => string; width: number } {
  const high = Math.max(0, ...values);
  const format = new Intl.NumberFormat(intlLocale(), {
    ...(currency ? { style: 'currency', currency } : {}),
    notation: high >= 10_000 ? 'compact' : 'standard',
    maximumFractionDigits: high >= 10_000 ? 1 : currency ? 2 : 0,
  });
  const longest = Math.max(...[0, high / 3, high / 2, high].map((value) => format.format(value).length));
  return { tickFormatter: (value: number) => format.format(value), width: Math.min(120, Math.max(40, longest * 7.5 + 12)) };
}

/** Dates under the bars, spaced so neighbours never overlap; the first and last always shown. */
const DATE_AXIS = { interval: 'preserveStartEnd', minTickGap: 16, tickMargin: 6, height: 32 } as const;

const countOn = (list: { date: string; count: number }[] | undefined, date: string) => list?.find((entry) => entry.date === date)?.count ?? 0;

/** New users, applications and KYC decisions per day. */
export function ActivityChart({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const data = daysOf(report).map((date) => ({
    day: date,
    date: shortDay(date),
    newUsers: countOn(report.users.data?.perDay, date),
    applications: countOn(report.applications.data?.perDay, date),
    kycDecisions: countOn(report.kyc.data?.perDay, date),
  }));
  return (
    <>
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" {...DATE_AXIS} />
        <YAxis allowDecimals={false} {...valueAxis(data.flatMap((point) => [point.newUsers, point.applications, point.kycDecisions]))} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="newUsers" name={t('charts.newUsers')} stroke="#1677ff" isAnimationActive={false} />
        <Line type="monotone" dataKey="applications" name={t('charts.applications')} stroke="#52c41a" isAnimationActive={false} />
        <Line type="monotone" dataKey="kycDecisions" name={t('charts.kycDecisions')} stroke="#fa8c16" isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
    <ChartTable
      caption={t('overview.activityPerDay')}
      columns={[
        { key: 'date', title: t('tables.date') },
        { key: 'newUsers', title: t('charts.newUsers'), numeric: true },
        { key: 'applications', title: t('charts.applications'), numeric: true },
        { key: 'kycDecisions', title: t('charts.kycDecisions'), numeric: true },
      ]}
      rows={data.map((point) => ({ key: point.day, date: formatDate(point.day), newUsers: formatNumber(point.newUsers), applications: formatNumber(point.applications), kycDecisions: formatNumber(point.kycDecisions) }))}
    />
    </>
  );
}

/** Deposits, withdrawals and investments per day in one currency. */
export function VolumeChart({ report, currency }: { report: AdminReportView; currency: string }) {
  const { t } = useTranslation('reports');
  const rows = report.money.data?.perDay.filter((row) => row.currency === currency) ?? [];
  const data = daysOf(report).map((date) => {
    const row = rows.find((entry) => entry.date === date);
    return { day: date, date: shortDay(date), deposits: Number(row?.deposits ?? 0), withdrawals: Number(row?.withdrawals ?? 0), investments: Number(row?.investments ?? 0) };
  });
  return (
    <>
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" {...DATE_AXIS} />
        <YAxis {...valueAxis(data.flatMap((point) => [point.deposits, point.withdrawals, point.investments]), currency)} />
        <Tooltip formatter={(value) => formatMoney(Number(value ?? 0), currency)} />
        <Legend />
        <Bar dataKey="deposits" name={t('charts.deposits')} fill="#52c41a" isAnimationActive={false} />
        <Bar dataKey="withdrawals" name={t('charts.withdrawals')} fill="#ff4d4f" isAnimationActive={false} />
        <Bar dataKey="investments" name={t('charts.investments')} fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
    <ChartTable
      caption={`${t('financial.volumePerDay')} (${currency})`}
      columns={[
        { key: 'date', title: t('tables.date') },
        { key: 'deposits', title: t('charts.deposits'), numeric: true },
        { key: 'withdrawals', title: t('charts.withdrawals'), numeric: true },
        { key: 'investments', title: t('charts.investments'), numeric: true },
      ]}
      rows={data.map((point) => ({
        key: point.day,
        date: formatDate(point.day),
        deposits: formatMoney(point.deposits, currency),
        withdrawals: formatMoney(point.withdrawals, currency),
        investments: formatMoney(point.investments, currency),
      }))}
    />
    </>
  );
}

/** New users per day. */
export function NewUsersChart({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const data = daysOf(report).map((date) => ({ day: date, date: shortDay(date), newUsers: countOn(report.users.data?.perDay, date) }));
  return (
    <>
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" {...DATE_AXIS} />
        <YAxis allowDecimals={false} {...valueAxis(data.map((point) => point.newUsers))} />
        <Tooltip />
        <Bar dataKey="newUsers" name={t('charts.newUsers')} fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
    <ChartTable
      caption={t('users.newUsersPerDay')}
      columns={[
        { key: 'date', title: t('tables.date') },
        { key: 'newUsers', title: t('charts.newUsers'), numeric: true },
      ]}
      rows={data.map((point) => ({ key: point.day, date: formatDate(point.day), newUsers: formatNumber(point.newUsers) }))}
    />
    </>
  );
}

/** Principal and returns due each week (stacked: together they are the cash the week needs), in one currency. */
export function MaturityChart({ items, currency }: { items: MaturityWeek[]; currency: string }) {
  const { t } = useTranslation('reports');
  const data = items.map((week) => ({ week: shortDay(week.weekStart), principal: Number(week.principal), returns: Number(week.returns) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="week" {...DATE_AXIS} />
        <YAxis {...valueAxis(data.map((week) => week.principal + week.returns), currency)} />
        <Tooltip formatter={(value) => formatMoney(Number(value ?? 0), currency)} />
        <Legend />
        <Bar dataKey="principal" stackId="due" name={t('maturities.principal')} fill="#1677ff" isAnimationActive={false} />
        <Bar dataKey="returns" stackId="due" name={t('maturities.returns')} fill="#52c41a" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
