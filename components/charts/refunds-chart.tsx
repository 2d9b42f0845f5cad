'use client';

import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  ReferenceLine,
} from 'recharts';
import { splitPartial } from '@/lib/format/partial-day';
import type { RefundCategories, RefundChartDay } from '@/components/refunds/refund-categories';
import { CHART_MARGIN, chartFrame, PARTIAL_BAR, PARTIAL_LINE_DASH, useChartColors } from './chart-config';
import { RefundTooltip } from './refund-tooltip';

export interface RefundsChartProps {
  days: RefundChartDay[];
  categories: RefundCategories;
  currency: string;
  /** Today, when the range reaches it: its bars are faded and outlined dashed, its line dashed. */
  partialDay: string | null;
}

const SERIES_VARS = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-4',
  '--chart-5',
  '--chart-6',
  '--chart-7',
  '--negative',
];

/**
 * Daily refund cost stacked by category, with the day's total as a line (red, as refunds are on
 * every page). Costs are negative, so bars grow downwards from zero; reimbursements (positive)
 * stack upwards ("sign" offset).
 */
export function RefundsChart({ days, categories, currency, partialDay }: RefundsChartProps) {
  const colors = useChartColors(SERIES_VARS);
  const frame = chartFrame(colors, currency, 72);
  const data = splitPartial(days, ['total'] as const, partialDay).map((d, i) => ({ ...days[i], ...d }));
  const total = {
    type: 'linear',
    stroke: colors['--negative'],
    strokeWidth: 2,
    dot: false,
    isAnimationActive: false,
  } as const;
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} stackOffset="sign" margin={CHART_MARGIN}>
          <CartesianGrid {...frame.grid} />
          <XAxis {...frame.xAxis} />
          <YAxis {...frame.yAxis} />
          <ReferenceLine {...frame.zeroLine} />
          <Tooltip
            content={(props) => (
              <RefundTooltip {...props} categories={categories} currency={currency} partialDay={partialDay} />
            )}
          />
          {categories.map((c) => (
            <Bar
              key={c.key}
              dataKey={c.key}
              name={c.label}
              stackId="refunds"
              fill={colors[c.colorVar]}
              isAnimationActive={false}
            >
              {data.map((d) =>
                d.partial ? <Cell key={d.day} {...PARTIAL_BAR} stroke={colors[c.colorVar]} /> : <Cell key={d.day} />,
              )}
            </Bar>
          ))}
          <Line {...total} dataKey="totalWhole" name="Total" />
          <Line {...total} dataKey="totalPartial" name="Total, today so far" strokeDasharray={PARTIAL_LINE_DASH} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
