import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminReportView } from './reports-api';

/** Every UTC day of the window, so a chart shows quiet days as zero rather than skipping them. */
export function daysOf(report: Pick<AdminReportView, 'from' | 'to'>): string[] {
  const days: string[] = [];
  const end = new Date(report.to);
  for (const day = new Date(report.from.slice(0, 10)); day < end && days.length < 400; day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return days;
}

const countOn = (list: { date: string; count: number }[] | undefined, date: string) => list?.find((entry) => entry.date === date)?.count ?? 0;

/** New users, applications and KYC decisions per day. */
export function ActivityChart({ report }: { report: AdminReportView }) {
  const data = daysOf(report).map((date) => ({
    date: date.slice(5),
    'New users': countOn(report.users.data?.perDay, date),
    Applications: countOn(report.applications.data?.perDay, date),
    'KYC decisions': countOn(report.kyc.data?.perDay, date),
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="New users" stroke="#1677ff" isAnimationActive={false} />
        <Line type="monotone" dataKey="Applications" stroke="#52c41a" isAnimationActive={false} />
        <Line type="monotone" dataKey="KYC decisions" stroke="#fa8c16" isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Deposits, withdrawals and investments per day in one currency. */
export function VolumeChart({ report, currency }: { report: AdminReportView; currency: string }) {
  const rows = report.money.data?.perDay.filter((row) => row.currency === currency) ?? [];
  const data = daysOf(report).map((date) => {
    const row = rows.find((entry) => entry.date === date);
    return { date: date.slice(5), Deposits: Number(row?.deposits ?? 0), Withdrawals: Number(row?.withdrawals ?? 0), Investments: Number(row?.investments ?? 0) };
  });
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis />
        <Tooltip formatter={(value) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(value ?? 0))} />
        <Legend />
        <Bar dataKey="Deposits" fill="#52c41a" isAnimationActive={false} />
        <Bar dataKey="Withdrawals" fill="#ff4d4f" isAnimationActive={false} />
        <Bar dataKey="Investments" fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** New users per day. */
export function NewUsersChart({ report }: { report: AdminReportView }) {
  const data = daysOf(report).map((date) => ({ date: date.slice(5), 'New users': countOn(report.users.data?.perDay, date) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="New users" fill="#1677ff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
