import type { Field } from '@/lib/views/field';
import type { View } from '@/lib/views/view';
import { formatShopDateTime } from '@/lib/time';

// What an Excel export says above its table (lib/exports/xlsx): the view it was made from, so a
// file forwarded to an accountant still says which shop, days, filters and cost view it holds.
// Derived from the view's contract (lib/views): a field without a default is a filter (listed when
// set), a field with one is a setting (always listed, defaults included: "costs: mine" matters).

type Fields = Record<string, Field<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type AboutLine = readonly [label: string, value: string];

const NOT_SHOWN = new Set(['range', 'from', 'to', 'page', 'limit']);

/** The view's filters and settings as two lines of `name: value`, in the contract's order. */
export function aboutView<F extends Fields>(view: View<F>, parsed: object): AboutLine[] {
  const filters: string[] = [];
  const settings: string[] = [];
  for (const [name, field] of Object.entries(view.fields)) {
    if (NOT_SHOWN.has(name)) continue;
    const value: unknown = (parsed as Record<string, unknown>)[name];
    if (value === null || value === undefined || value === '') continue;
    (field.fallback === null ? filters : settings).push(`${name}: ${field.write(value)}`);
  }
  const lines: AboutLine[] = [['Filters', filters.join('; ') || 'none']];
  if (settings.length) lines.push(['Settings', settings.join('; ')]);
  return lines;
}

/** "2026-03-01 to 2026-03-31 (Europe/London)". */
export function aboutRange(range: { from: string; to: string }, timeZone: string): AboutLine {
  return ['Range', `${range.from} to ${range.to} (${timeZone})`];
}

export function aboutExportedAt(timeZone: string, now = Date.now()): AboutLine {
  return ['Exported at', `${formatShopDateTime(Math.floor(now / 1000), timeZone, { seconds: true })} (${timeZone})`];
}

/** All shops: each shop's days on its own calendar, and the one currency the figures are in. */
export function aboutShops(
  shops: readonly { shop: { name: string }; range: { from: string; to: string; timeZone: string } }[],
  currency: string,
): AboutLine[] {
  const first = shops[0]?.range;
  return [
    [
      'Shops',
      shops.map((s) => `${s.shop.name} (${s.range.from} to ${s.range.to}, ${s.range.timeZone})`).join('; ') || 'none',
    ],
    ['Range', first ? `${first.from} to ${first.to}, each shop on its own calendar` : 'no shop'],
    ['Figures in', `${currency}, each day converted at the rate in effect that day`],
  ];
}
