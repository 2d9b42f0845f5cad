'use client';

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useCssColors } from '@/components/refunds/use-css-colors';
import { formatMoney } from '@/lib/format/money';
import { splitPartial } from '@/lib/format/partial-day';
import { formatDay } from '@/lib/format/time';
import type { DayPoint } from '@/lib/reports/overview';

export interface ProfitChartProps {
  series: DayPoint[];
  currency: string;
  /** Today, when the range reaches it: drawn dashed, since the day is not over. */
  partialDay: string | null;
}

const VARS = ['--chart-1', '--chart-3', '--border', '--text-muted'];
const KEYS = ['netSales', 'netProfit'] as const;
type Point = ReturnType<typeof splitPartial<(typeof KEYS)[number]>>[number] & { label: string };

function ProfitTooltip({ active, payload, currency }: Partial<TooltipContentProps> & { currency: string }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip" role="tooltip">
      <strong>
        {formatDay(point.day)}
        {point.partial ? ' (today so far)' : ''}
      </strong>
      <table>
        <tbody>
          <tr>
            <td>Net sales</td>
            <td className="num">{formatMoney(point.netSales, currency)}</td>
          </tr>
          <tr>
            <td>Net profit</td>
            <td className={`num ${point.netProfit < 0 ? 'negative' : ''}`}>{formatMoney(point.netProfit, currency)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Daily net sales and net profit (props only; the card fetches and shapes the data). */
export function ProfitChart({ series, currency, partialDay }: ProfitChartProps) {
  const colors = useCssColors(VARS);
  const axis = { fontSize: 12, fill: colors['--text-muted'] };
  const data: Point[] = splitPartial(series, KEYS, partialDay).map((d) => ({ ...d, label: formatDay(d.day, { short: true }) }));
  const line = { strokeWidth: 2, dot: false, isAnimationActive: false, connectNulls: false } as const;
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={colors['--border']} vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={80} tickFormatter={(v: number) => formatMoney(v, currency)} />
          <ReferenceLine y={0} stroke={colors['--text-muted']} />
          <Tooltip content={(props) => <ProfitTooltip {...props} currency={currency} />} />
          <Line {...line} type="monotone" dataKey="netSalesWhole" name="Net sales" stroke={colors['--chart-1']} />
          <Line {...line} type="monotone" dataKey="netProfitWhole" name="Net profit" stroke={colors['--chart-3']} />
          <Line {...line} type="linear" dataKey="netSalesPartial" name="Net sales, today so far" stroke={colors['--chart-1']} strokeDasharray="5 4" />
          <Line {...line} type="linear" dataKey="netProfitPartial" name="Net profit, today so far" stroke={colors['--chart-3']} strokeDasharray="5 4" />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
