import { formatMoney } from './money';
import { formatDay } from './time';

// A change history's lines are written once, when the change is made, by the store, which knows no
// shop's currency and writes days as the interface does ("500.00 monthly from 2026-11-01"). Shown to
// a seller they read as every other figure: "$500.00 monthly from Nov 1, 2026".

const ISO_DAY = /\b(\d{4}-\d{2}-\d{2})\b/g;
/** An amount as lib/costs' formatAmount writes it: digits, a point, two decimals, standing alone. */
const AMOUNT = /(?<![\w.,:=/$£€¥-])(-?\d+)\.(\d{2})(?![\w.%])/g;

/** A history line with its days in the one date style and, given the shop's currency, its amounts in it. */
export function readableHistory(summary: string, currency: string | null): string {
  const days = summary.replace(ISO_DAY, (day) => formatDay(day));
  if (currency === null) return days;
  return days.replace(AMOUNT, (_, whole: string, cents: string) => {
    const sign = whole.startsWith('-') ? -1 : 1;
    return formatMoney(sign * (Math.abs(Number(whole)) * 100 + Number(cents)), currency);
  });
}
