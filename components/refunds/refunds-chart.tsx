'use client';

import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, ReferenceLine } from 'recharts';
import { formatMoney } from '@/lib/format/money';
import { REFUND_CATEGORIES, type RefundChartDay } from './refund-categories';
import { RefundTooltip } from './refund-tooltip';
import { useCssColors } from './use-css-colors';

export interface RefundsChartProps {
  days: RefundChartDay[];
  categories: typeof REFUND_CATEGORIES;
  currency: string;
}

const VARS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6', '--chart-7', '--chart-line', '--border', '--text-muted'];

/**
 * Daily refund cost stacked by category, with the day's total as a line. Costs are negative, so
 * bars grow downwards from zero; reimbursements (positive) stack upwards ("sign" offset).
 */
export function RefundsChart({ days, categories, currency }: RefundsChartProps) {
  const colors = useCssColors(VARS);
  const axis = { fontSize: 12, fill: colors['--text-muted'] };
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={colors['--border']} vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={72} tickFormatter={(v: number) => formatMoney(v, currency)} />
          <ReferenceLine y={0} stroke={colors['--text-muted']} />
          <Tooltip content={(props) => <RefundTooltip {...props} categories={categories} currency={currency} />} />
          {categories.map((c) => (
            <Bar key={c.key} dataKey={c.key} name={c.label} stackId="refunds" fill={colors[c.colorVar]} isAnimationActive={false} />
          ))}
          <Line type="linear" dataKey="total" name="Total" stroke={colors['--chart-line']} strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
