import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { MAX_PNL_MONTHS, monthColumns, pnlMonths, statementOf, type PnlByMonth } from '@/lib/reports/pnl-by-month';
import { resolveRange } from '@/lib/time';
import type { PnlByMonthQuery } from '@/lib/views/pnl-by-month';
import { switchesOf } from '@/lib/views/switches';
import type { ConnectedShop } from './shops';
import { withBooks } from './books';
import { costInputsFor, reportDeps, reportFrame } from './reports';

// The P&L by month (docs/ARCHITECTURE.md#pl-by-month) of one shop, from the store, in the report
// frame every report answers with (coverage, sync, partial, needsSync). A GET starts no sync.

/** A range of more months than a statement shows is refused, saying how many it spans. */
export function checkMonths(range: { from: string; to: string }): void {
  const months = pnlMonths(range).length;
  if (months > MAX_PNL_MONTHS)
    throw new DashboardError(
      'INVALID_REQUEST',
      `to: the P&L by month shows at most ${MAX_PNL_MONTHS} months, and this range spans ${months}: pick a shorter range above`,
    );
}

export async function loadPnlByMonth(
  shop: ConnectedShop,
  view: Pick<PnlByMonthQuery, 'range' | 'cancelled' | 'samples' | 'costs'>,
): Promise<ReportEnvelope<PnlByMonth>> {
  const d = await reportDeps();
  checkMonths(resolveRange(view.range, shop.timezone, d.now));
  const [{ range, frame, countedDays }, costs] = await Promise.all([
    reportFrame(shop, view.range, d),
    costInputsFor(d, shop.id, { costs: view.costs, allocate: false }),
  ]);
  const switches = switchesOf(view);
  // A whole closed month is its frozen statement; the first open month carries the adjustments to closed periods.
  const columns = await withBooks(d, shop, await monthColumns(d, shop, range, { switches, costs, countedDays }));
  const report: PnlByMonth = { ...statementOf(columns), switches, costs: costs ? 'mine' : 'service' };
  return { ...frame, report };
}
