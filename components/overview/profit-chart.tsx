'use client';

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCssColors } from '@/components/refunds/use-css-colors';
import { formatMoney } from '@/lib/format/money';
import { formatDay } from '@/lib/format/time';
import type { DayPoint } from '@/lib/reports/overview';

export interface ProfitChartProps {
  series: DayPoint[];
  currency: string;
}

const VARS = ['--chart-1', '--chart-3', '--border', '--text-muted'];

/** Daily net sales and net profit (props only; the card fetches and shapes the data). */
export function ProfitChart({ series, currency }: ProfitChartProps) {
  const colors = useCssColors(VARS);
  const axis = { fontSize: 12, fill: colors['--text-muted'] };
  const data = series.map((d) => ({ ...d, label: formatDay(d.day, { short: true }) }));
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={colors['--border']} vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={80} tickFormatter={(v: number) => formatMoney(v, currency)} />
          <ReferenceLine y={0} stroke={colors['--text-muted']} />
          <Tooltip formatter={(v) => formatMoney(Number(v), currency)} />
          <Line type="monotone" dataKey="netSales" name="Net sales" stroke={colors['--chart-1']} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="netProfit" name="Net profit" stroke={colors['--chart-3']} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
