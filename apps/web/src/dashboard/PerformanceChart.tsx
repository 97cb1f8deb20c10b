import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../i18n/i18n';
import { money } from '../money/format';
import { formatDate } from '../ui/date-format';
import type { PerformancePoint } from './performance-api';

/** A chart's day ("2026-03-01") as a short day and month in the app's language: "Mar 01" (en), "01. März" (de). */
function shortDay(date: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', day: '2-digit', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * How the value axis shows amounts: short ("$16K") when the chart spans large amounts, whole
 * ("$10,016") or with cents ("$10,004.07") when it spans little, so neighbouring ticks never read the same.
 */
function axisFormat(low: number, high: number, currency: string): Intl.NumberFormat {
  const span = high - low;
  if (high >= 100_000 && span >= 10_000) return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  const digits = span < 20 ? 2 : 0;
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The portfolio's value per day (invested + accrued) as an area, with the principal invested
 * as a dashed line under it, in the theme's colours (light or dark). Loaded lazily: recharts
 * is not part of the dashboard's first load. The chart is one image to assistive technology,
 * described by `label`; its parts are not announced one by one.
 */
export default function PerformanceChart({ series, currency, label, height }: { series: PerformancePoint[]; currency: string; label: string; height: number }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const data = series.map((point) => ({ date: point.date, value: Number(point.value), invested: Number(point.invested) }));
  const axis = { fill: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const values = data.map((point) => point.value);
  const format = axisFormat(Math.min(...values), Math.max(...values), currency);
  // Wide enough for the longest amount on the axis in the language shown ("16 mil US$").
  const axisWidth = Math.min(120, Math.max(48, format.format(Math.max(...values)).length * token.fontSizeSM * 0.62 + 16));
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={axis} stroke={token.colorBorder} minTickGap={24} />
          <YAxis tickFormatter={(value: number) => format.format(value)} tick={axis} stroke={token.colorBorder} width={axisWidth} domain={['auto', 'auto']} />
          <Tooltip
            labelFormatter={(date) => formatDate(String(date))}
            formatter={(value) => money(Number(value ?? 0), currency)}
            contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            itemStyle={{ color: token.colorText }}
            cursor={{ stroke: token.colorBorder }}
          />
          <Legend wrapperStyle={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }} />
          <Area type="linear" dataKey="value" name={t('performance.chart.value')} stroke={token.colorPrimary} fill={token.colorPrimary} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
          <Line type="linear" dataKey="invested" name={t('performance.chart.invested')} stroke={token.colorTextTertiary} strokeDasharray="4 4" dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
