import type { RangePresetId } from '@/lib/time/range';

// The views' defaults and bounds: page sizes, the default range and the longest one, All shops' choices.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const DEFAULT_RANGE_PRESET = 'last-30-days' satisfies RangePresetId;
/**
 * The longest range one view may ask for, in days. Longer than the upstream's 366 days (lib/upstream
 * splits it into windows) but bounded, so one page view never spends more than a fraction of the
 * minute's request budget. Here so the date picker can say so before asking.
 */
export const MAX_VIEW_RANGE_DAYS = 5 * 366;

/** "All shops": how SKUs are ranked across shops, and the currency shown when none is picked. */
export const ALL_SHOPS_MERGES = ['sellerSku', 'none'] as const;
export const DEFAULT_ALL_SHOPS_CURRENCY = 'USD';

/** A size the API accepts; anything else becomes the default. */
export function toPageSize(n: number): PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}
