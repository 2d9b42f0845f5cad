import { sentence, type Sentence } from '@/lib/format/sentence';
import { addDays, shopDayStart, shopLocalDate, type DayRange } from '@/lib/time';

// The overview's period tiles: today, yesterday, the month so far, this month's projection and last
// month, on the shop's calendar. Pure: the figures come from the store (lib/reports/overview's
// periodFigures), the clock comes in as an argument.

export type TileKey = 'today' | 'yesterday' | 'monthToDate' | 'monthProjected' | 'lastMonth';

export const TILE_LABELS: Record<TileKey, string> = {
  today: 'Today so far',
  yesterday: 'Yesterday',
  monthToDate: 'Month to date',
  monthProjected: 'This month, projected',
  lastMonth: 'Last month',
};

/** The figures of one tile (cents; margin a ratio). Named for profit: hidden without costs and profit. */
export interface TileFigures {
  netSales: number;
  netProfit: number;
  margin: number | null;
}

export interface PeriodTile {
  key: TileKey;
  label: string;
  /** The shop-local days the tile covers (the projection: the whole month). */
  range: DayRange;
  /** null while none of its days is stored: the tile says so instead of a zero. */
  figures: TileFigures | null;
  /** Days of the tile stored so far, of the days that have begun (a partial tile is marked). */
  daysStored: number;
  daysTotal: number;
  /** How the projection is made, in words (the projection only; en-US, for the API's readers). */
  basis?: string;
  /** The share of the month that has passed, 0–1 (the projection only). */
  elapsed?: number;
}

/** How the month's projection is made, in words: the template (`{elapsed}`: the share of the month passed). */
export const PROJECTION_BASIS =
  'the month so far ({elapsed} of it has passed) at the same daily rate for the rest of the month';

/** How the month's projection is made, as a sentence (the page writes its share in the person's locale). */
export function projectionBasis(elapsed: number): Sentence {
  return sentence(PROJECTION_BASIS, { elapsed: { percent: elapsed } });
}

export interface PeriodTiles {
  tiles: PeriodTile[];
}

/** The tiles' periods on the shop's calendar at `nowMs`, and the range that holds them all. */
export function tilePeriods(nowMs: number, timeZone: string) {
  const today = shopLocalDate(Math.floor(nowMs / 1000), timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  // 31 days after the 1st is always in the next month.
  const nextMonthStart = `${addDays(monthStart, 31).slice(0, 8)}01`;
  return {
    today: { from: today, to: today },
    yesterday: { from: addDays(today, -1), to: addDays(today, -1) },
    monthToDate: { from: monthStart, to: today },
    month: { from: monthStart, to: addDays(nextMonthStart, -1) },
    lastMonth: { from: lastMonthStart, to: lastMonthEnd },
    /** Every tile's days: what the store must hold for the tiles. */
    all: { from: lastMonthStart, to: today },
  };
}

/**
 * The share of this month that has elapsed at `nowMs` (0–1], measured in the shop's own seconds so
 * a month with a clock change is not off by an hour.
 */
export function monthElapsed(nowMs: number, timeZone: string): number {
  const { month } = tilePeriods(nowMs, timeZone);
  const start = shopDayStart(month.from, timeZone);
  const end = shopDayStart(addDays(month.to, 1), timeZone);
  return Math.min(1, Math.max((Math.floor(nowMs / 1000) - start) / (end - start), 1 / (end - start)));
}

/** The month's projection: the month so far at the same rate for the rest of the month (margin unchanged). */
export function projectMonth(monthToDate: TileFigures, elapsed: number): TileFigures {
  return {
    netSales: Math.round(monthToDate.netSales / elapsed),
    netProfit: Math.round(monthToDate.netProfit / elapsed),
    margin: monthToDate.margin,
  };
}
