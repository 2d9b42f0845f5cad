import type { CostRow } from './kind';
import { KINDS } from './kinds';
import type { CostDay } from './types';

// The days a stored input row counts on (docs/ARCHITECTURE.md#closing-a-month): what a change of
// it can change in the reports, read from its kind's dating (lib/costs/kinds). An entry from a day on
// counts until a later entry replaces it, which a row alone cannot say: its span is open-ended.

/** [from, to] of shop-local days; `to` null: onward. */
export interface DaySpan {
  from: CostDay;
  to: CostDay | null;
}

/** The days a row of an input table counts on (`st_fx_rate`: a rate from its day on), or null when it names none. */
export function rowSpan(table: string, row: CostRow): DaySpan | null {
  const text = (column: string) => (row[column] === null || row[column] === undefined ? null : String(row[column]));
  if (table === 'st_fx_rate') {
    const from = text('from_day');
    return from ? { from, to: null } : null;
  }
  const kind = KINDS.find((k) => k.store.table === table && (row.kind === undefined || k.id === row.kind));
  const from = text('day') ?? text('from_day') ?? text('start_day');
  if (!kind || !from) return null;
  if (kind.dating === 'day') return { from, to: from };
  if (kind.dating === 'recurring')
    return text('recurrence') === 'once' ? { from, to: from } : { from, to: text('end_day') };
  return { from, to: null };
}

/** The spans a change of one row touches: where the row was and where it is now (unchanged rows: none). */
export function changeSpans(change: { table: string; before: CostRow | null; after: CostRow | null }): DaySpan[] {
  if (JSON.stringify(change.before) === JSON.stringify(change.after)) return [];
  return [change.before, change.after].flatMap((row) => {
    const span = row ? rowSpan(change.table, row) : null;
    return span ? [span] : [];
  });
}
