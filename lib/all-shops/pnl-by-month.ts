import { convertCents, type RatePeriod } from '@/lib/costs/fx';
import type { CostsView } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import { pnlMonths, statementOf, type PnlByMonth, type PnlMonth } from '@/lib/reports/pnl-by-month';
import type { PnlDay } from '@/lib/reports/pnl-days';
import { convertLines, type PnlLineValue } from '@/lib/reports/pnl-lines';
import { ratio } from '@/lib/reports/sums';
import type { AppliedRate } from './all-shops';

// The P&L by month of every shop in one currency (docs/ARCHITECTURE.md#pl-by-month): each shop's
// statement day by day (lib/reports/pnl-days), each day converted once at the rate in effect on it
// (lib/costs/fx.ts, as All shops converts), its lines made again from the converted figures so each
// converted day adds up (lib/reports/pnl-lines convertLines); a month is the sum of the shops'
// converted days of that month (each shop's month on its own calendar), the total the sum of months.

export interface AllShopsPnl extends Omit<PnlByMonth, 'costs' | 'switches'> {
  currency: string;
  costs: CostsView;
  switches: ProfitSwitches;
  shops: { id: string; name: string; currency: string; partial: boolean; rates: AppliedRate[] }[];
  /** Shops with days no rate converts: left out of every figure. */
  leftOut: { id: string; name: string; currency: string; days: { from: string; to: string } }[];
  /** Some shop's range is not stored completely yet. */
  partial: boolean;
}

/** A month's sum so far: its days in the range, its figures and lines. */
export interface MonthSum {
  from: string;
  to: string;
  day: PnlDay;
}

function addDay(into: PnlDay, day: PnlDay): void {
  into.netSales += day.netSales;
  into.estimatedNetSales += day.estimatedNetSales;
  into.orderLines += day.orderLines;
  day.lines.forEach((l, i) => (into.lines[i]!.cents += l.cents));
}

/** One shop's days converted (each at its period's rate) and added into the months, by shop-local month. */
export function addConvertedDays(
  months: Map<string, MonthSum>,
  range: { from: string; to: string },
  days: ReadonlyMap<string, PnlDay>,
  periods: readonly RatePeriod[],
  zero: readonly PnlLineValue[],
): void {
  for (const piece of pnlMonths(range)) {
    const m = months.get(piece.month);
    if (!m) months.set(piece.month, { from: piece.from, to: piece.to, day: emptyDay(zero) });
    else {
      if (piece.from < m.from) m.from = piece.from;
      if (piece.to > m.to) m.to = piece.to;
    }
  }
  for (const [day, figures] of days) {
    const period = periods.find((p) => day >= p.from && day <= p.to);
    if (!period) continue;
    const convert = (cents: number) => convertCents(cents, period.rate.rate);
    addDay(months.get(day.slice(0, 7))!.day, {
      lines: convertLines(figures.lines, convert),
      netSales: 0,
      estimatedNetSales: convert(figures.estimatedNetSales),
      orderLines: figures.orderLines,
    });
  }
}

function emptyDay(zero: readonly PnlLineValue[]): PnlDay {
  return { lines: zero.map((l) => ({ ...l, cents: 0 })), netSales: 0, estimatedNetSales: 0, orderLines: 0 };
}

/** The months' statement: net sales is the converted net sales line, so a share is of what the column shows. */
export function allShopsStatement(
  months: ReadonlyMap<string, MonthSum>,
): Pick<AllShopsPnl, 'months' | 'lines' | 'total'> {
  const columns = [...months]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, m]) => {
      const netSales = m.day.lines.find((l) => l.key === 'sales.net')?.cents ?? 0;
      const column: PnlMonth = {
        month,
        from: m.from,
        to: m.to,
        netSales,
        estimatedNetSales: m.day.estimatedNetSales,
        estimatedShare: ratio(m.day.estimatedNetSales, netSales),
        lines: m.day.orderLines,
      };
      return { month: column, lines: m.day.lines };
    });
  return statementOf(columns);
}
