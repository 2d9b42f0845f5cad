'use client';

import { Bar, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, ReferenceLine } from 'recharts';
import { formatMoney } from '@/lib/format/money';
import { splitPartial } from '@/lib/format/partial-day';
import { REFUND_CATEGORIES, type RefundChartDay } from './refund-categories';
import { RefundTooltip } from './refund-tooltip';
import { useCssColors } from './use-css-colors';

export interface RefundsChartProps {
  days: RefundChartDay[];
  categories: typeof REFUND_CATEGORIES;
  currency: string;
  /** Today, when the range reaches it: its bars are faded and outlined dashed, its line dashed. */
  partialDay: string | null;
}

const VARS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6', '--chart-7', '--negative', '--border', '--text-muted'];

/**
 * Daily refund cost stacked by category, with the day's total as a line (red, as refunds are on
 * every page). Costs are negative, so bars grow downwards from zero; reimbursements (positive)
 * stack upwards ("sign" offset).
 */
export function RefundsChart({ days, categories, currency, partialDay }: RefundsChartProps) {
  const colors = useCssColors(VARS);
  const axis = { fontSize: 12, fill: colors['--text-muted'] };
  const data = splitPartial(days, ['total'] as const, partialDay).map((d, i) => ({ ...days[i], ...d }));
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={colors['--border']} vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis tick={axis} width={72} tickFormatter={(v: number) => formatMoney(v, currency)} />
          <ReferenceLine y={0} stroke={colors['--text-muted']} />
          <Tooltip content={(props) => <RefundTooltip {...props} categories={categories} currency={currency} partialDay={partialDay} />} />
          {categories.map((c) => (
            <Bar key={c.key} dataKey={c.key} name={c.label} stackId="refunds" fill={colors[c.colorVar]} isAnimationActive={false}>
              {data.map((d) =>
                d.partial ? (
                  <Cell key={d.day} fillOpacity={0.4} stroke={colors[c.colorVar]} strokeDasharray="3 2" />
                ) : (
                  <Cell key={d.day} />
                ),
              )}
            </Bar>
          ))}
          <Line type="linear" dataKey="totalWhole" name="Total" stroke={colors['--negative']} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="linear"
            dataKey="totalPartial"
            name="Total, today so far"
            stroke={colors['--negative']}
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
