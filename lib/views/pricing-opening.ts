import type { RangePresetId } from '@/lib/time/range';

/**
 * The lookback the Pricing page opens on when its address names no range: a quarter smooths one
 * month's promos and settles most orders (docs/ARCHITECTURE.md#pricing). Its own module, so the
 * nav's links can name it without the page's view.
 */
export const PRICING_OPENING_RANGE: RangePresetId = 'last-90-days';
