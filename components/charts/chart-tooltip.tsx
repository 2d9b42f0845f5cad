import type { ReactNode } from 'react';
import { formatDay } from '@/lib/format/time';

export interface ChartTooltipProps {
  /** The shop-calendar day under the pointer. */
  day: string;
  /** The day is not over: its figures are "so far". */
  partial: boolean;
  /** The table rows: one per series. */
  children: ReactNode;
}

/** The box every chart's tooltip shares: the day as a heading, then a table of its figures. */
export function ChartTooltip({ day, partial, children }: ChartTooltipProps) {
  return (
    <div className="chart-tooltip" role="tooltip">
      <strong>
        {formatDay(day)}
        {partial ? ' (today so far)' : ''}
      </strong>
      <table>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
