import type { TooltipContentProps } from 'recharts';
import { formatMoney } from '@/lib/format/money';
import type { RefundCategories, RefundChartDay } from '@/components/refunds/refund-categories';
import { ChartTooltip } from './chart-tooltip';

type RefundTooltipProps = Partial<TooltipContentProps> & {
  categories: RefundCategories;
  currency: string;
  partialDay?: string | null;
};

export function RefundTooltip({ active, payload, categories, currency, partialDay }: RefundTooltipProps) {
  const day = payload?.[0]?.payload as RefundChartDay | undefined;
  if (!active || !day) return null;
  return (
    <ChartTooltip day={day.day} partial={day.day === partialDay}>
      {categories
        .filter((c) => (day[c.key] ?? 0) !== 0)
        .map((c) => (
          <tr key={c.key}>
            <td>
              <span className={`swatch swatch${c.colorVar.replace('--', '-')}`} aria-hidden="true" />
              {c.label}
            </td>
            <td className="num">{formatMoney(day[c.key], currency)}</td>
          </tr>
        ))}
      <tr>
        <td>
          <strong>Total</strong>
        </td>
        <td className={`num ${day.total < 0 ? 'negative' : ''}`}>
          <strong>{formatMoney(day.total, currency)}</strong>
        </td>
      </tr>
    </ChartTooltip>
  );
}
