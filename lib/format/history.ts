import type { HistoryDetail, HistoryValue } from '@/lib/costs/history';
import { fillValues, historySentence, plainWords } from '@/lib/costs/history-sentence';
import type { ImportMessage, ImportValue } from '@/lib/costs/kind-import';
import { formatMoney } from './money';
import { formatDay, formatDayRange } from './time';

// A history entry of the seller's inputs (lib/costs/history: kind, action, cents, days, SKUs) in
// words where it is shown: its kind's one sentence template, with money and days as every other
// figure ("$500.00 monthly from Nov 1, 2026"). `currency`: the shop's, for amounts that name none
// (null where no shop is meant, the exchange rates: amounts stay as the interface writes them).

/** One value as the seller reads it. */
function sellerWords(currency: string | null): (value: HistoryValue | ImportValue) => string {
  return (value) => {
    if ('range' in value) return formatDayRange(value.range.from, value.range.to);
    if ('money' in value) {
      const in_ = value.currency ?? currency;
      return in_ === null ? plainWords(value) : formatMoney(value.money, in_);
    }
    if ('day' in value) return formatDay(value.day);
    return plainWords(value);
  };
}

/** The entry's sentence, as the seller reads it. */
export function formatHistory(detail: HistoryDetail, currency: string | null): string {
  return historySentence(detail, sellerWords(currency));
}

/** A sentence of an import's dialog (lib/costs/kind-import), as the seller reads it. */
export function formatMessage({ message, values }: ImportMessage, currency: string): string {
  return fillValues(message, values, sellerWords(currency));
}
