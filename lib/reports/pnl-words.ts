import type { PnlLineKind } from './pnl-lines';

// The P&L by month's own words, shared by the page and its export.

/** What each kind of line is, in words (the export's Kind column; the page indents parts and memos). */
export const PNL_KIND_WORDS: Record<PnlLineKind, string> = {
  line: 'line',
  part: 'part of the line above',
  total: 'total',
  memo: 'memo, not added',
};

export const ESTIMATED_LABEL = 'Net sales of orders not settled yet (estimated: fees may still change)';

/** A month's column: "2026-03", or its days when the range covers only part of it ("2026-03-10 to 2026-03-31"). */
export function monthHeading(m: { month: string; from: string; to: string }): string {
  const whole = m.from.endsWith('-01') && m.to.slice(0, 7) === m.month && isLastDay(m.to);
  return whole ? m.month : `${m.from} to ${m.to}`;
}

function isLastDay(day: string): boolean {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}
