'use client';

import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatMoney } from '@/lib/format/money';
import { splitPartial } from '@/lib/format/partial-day';
import { formatDay } from '@/lib/format/time';
import type { DayPoint } from '@/lib/reports/overview';
import { CHART_MARGIN, chartFrame, PARTIAL_LINE_DASH, useChartColors } from './chart-config';
import { ChartTooltip } from './chart-tooltip';

export interface ProfitChartProps {
  series: DayPoint[];
  currency: string;
  /** Today, when the range reaches it: drawn dashed, since the day is not over. */
  partialDay: string | null;
  /** Runs of days not read yet: shaded and labelled, with no line through them. */
  unread?: readonly { from: string; to: string }[];
}

const SERIES_VARS = ['--chart-1', '--chart-3'];
const KEYS = ['netSales', 'netProfit'] as const;
type Point = ReturnType<typeof splitPartial<(typeof KEYS)[number]>>[number] & { label: string };

function ProfitTooltip({ active, payload, currency }: Partial<TooltipContentProps> & { currency: string }) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  if (point.netSales === null || point.netProfit === null)
    return (
      <ChartTooltip day={point.day} partial={false}>
        <tr>
          <td colSpan={2}>Not read yet</td>
        </tr>
      </ChartTooltip>
    );
  return (
    <ChartTooltip day={point.day} partial={point.partial}>
      <tr>
        <td>Net sales</td>
        <td className="num">{formatMoney(point.netSales, currency)}</td>
      </tr>
      <tr>
        <td>Net profit</td>
        <td className={`num ${point.netProfit < 0 ? 'negative' : ''}`}>{formatMoney(point.netProfit, currency)}</td>
      </tr>
    </ChartTooltip>
  );
}

/** A gap's shade runs from the last day drawn before it to the first after it: where the line is missing. */
function gapBounds(data: readonly Point[], run: { from: string; to: string }) {
  const first = data.findIndex((d) => d.day === run.from);
  const last = data.findIndex((d) => d.day === run.to);
  return { x1: data[Math.max(0, first - 1)]?.label, x2: data[Math.min(data.length - 1, last + 1)]?.label };
}

/** Daily net sales and net profit (props only; the card fetches and shapes the data). */
export function ProfitChart({ series, currency, partialDay, unread = [] }: ProfitChartProps) {
  const colors = useChartColors(SERIES_VARS);
  const frame = chartFrame(colors, currency, 80);
  const data: Point[] = splitPartial(series, KEYS, partialDay).map((d) => ({
    ...d,
    label: formatDay(d.day, { short: true }),
  }));
  const line = { strokeWidth: 2, dot: false, isAnimationActive: false, connectNulls: false } as const;
  return (
    <div className="chart-box">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={CHART_MARGIN}>
          <CartesianGrid {...frame.grid} />
          <XAxis {...frame.xAxis} />
          <YAxis {...frame.yAxis} />
          <ReferenceLine {...frame.zeroLine} />
          {unread.map((run) => (
            <ReferenceArea
              key={run.from}
              {...gapBounds(data, run)}
              fill={colors['--text-muted']}
              fillOpacity={0.12}
              label={{ value: 'Not read yet', position: 'insideTop', fontSize: 12, fill: colors['--text-muted'] }}
            />
          ))}
          <Tooltip content={(props) => <ProfitTooltip {...props} currency={currency} />} />
          <Line {...line} type="linear" dataKey="netSalesWhole" name="Net sales" stroke={colors['--chart-1']} />
          <Line {...line} type="linear" dataKey="netProfitWhole" name="Net profit" stroke={colors['--chart-3']} />
          <Line
            {...line}
            type="linear"
            dataKey="netSalesPartial"
            name="Net sales, today so far"
            stroke={colors['--chart-1']}
            strokeDasharray={PARTIAL_LINE_DASH}
          />
          <Line
            {...line}
            type="linear"
            dataKey="netProfitPartial"
            name="Net profit, today so far"
            stroke={colors['--chart-3']}
            strokeDasharray={PARTIAL_LINE_DASH}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
