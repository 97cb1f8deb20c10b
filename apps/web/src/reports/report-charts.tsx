import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../i18n/i18n';
import { formatMoney } from '../ui/number-format';
import type { AdminReportView } from './reports-api';

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

const countOn = (list: { date: string; count: number }[] | undefined, date: string) => list?.find((entry) => entry.date === date)?.count ?? 0;

/** New users, applications and KYC decisions per day. */
export function ActivityChart({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const data = daysOf(report).map((date) => ({
    date: shortDay(date),
    newUsers: countOn(report.users.data?.perDay, date),
    applications: countOn(report.applications.data?.perDay, date),
    kycDecisions: countOn(report.kyc.data?.perDay, date),
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="newUsers" name={t('charts.newUsers')} stroke="#1677ff" isAnimationActive={false} />
        <Line type="monotone" dataKey="applications" name={t('charts.applications')} stroke="#52c41a" isAnimationActive={false} />
        <Line type="monotone" dataKey="kycDecisions" name={t('charts.kycDecisions')} stroke="#fa8c16" isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Deposits, withdrawals and investments per day in one currency. */
export function VolumeChart({ report, currency }: { report: AdminReportView; currency: string }) {
  const { t } = useTranslation('reports');
  const rows = report.money.data?.perDay.filter((row) => row.currency === currency) ?? [];
  const data = daysOf(report).map((date) => {
    const row = rows.find((entry) => entry.date === date);
    return { date: shortDay(date), deposits: Number(row?.deposits ?? 0), withdrawals: Number(row?.withdrawals ?? 0), investments: Number(row?.investments ?? 0) };
  });
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis />
        <Tooltip formatter={(value) => formatMoney(Number(value ?? 0), currency)} />
        <Legend />
        <Bar dataKey="deposits" name={t('charts.deposits')} fill="#52c41a" isAnimationActive={false} />
        <Bar dataKey="withdrawals" name={t('charts.withdrawals')} fill="#ff4d4f" isAnimationActive={false} />
        <Bar dataKey="investments" name={t('charts.investments')} fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** New users per day. */
export function NewUsersChart({ report }: { report: AdminReportView }) {
  const { t } = useTranslation('reports');
  const data = daysOf(report).map((date) => ({ date: shortDay(date), newUsers: countOn(report.users.data?.perDay, date) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="newUsers" name={t('charts.newUsers')} fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
