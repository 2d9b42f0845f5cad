'use client';

import { PageHeading } from '@/components/app-shell/page-heading';
import { CostViewControls } from '@/components/cost-view/cost-view-controls';
import { ExportButton, partialExportNote } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ReportFrame } from '@/components/sync/report-frame';
import { useReportQuery } from '@/components/sync/use-report-query';
import { apiPath } from '@/lib/endpoints/client';
import type { ConnectedShop } from '@/lib/api/schemas';
import { formatRangeInZone } from '@/lib/format/time';
import { BOTTOM_LINE_MEANS } from '@/lib/reports/bridge';
import type { PnlByMonth } from '@/lib/reports/pnl-by-month';
import { useViewState } from '@/lib/views/hooks';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { viewQuery } from '@/lib/views/view';
import { JournalDownload } from './journal-download';
import { say } from './messages';
import { PnlControls } from './pnl-controls';
import { BooksPanel } from './books-panel';
import { PnlTable } from './pnl-table';

/** The profit-and-loss statement of the range, a column per month and the total, as an accountant reads it. */
export function PnlByMonthCard({ shop }: { shop: ConnectedShop }) {
  const [view, setView] = useViewState(pnlByMonthView);
  const apiQuery = viewQuery(pnlByMonthView, view);
  const query = useReportQuery<PnlByMonth>('pnl-by-month', shop.id, apiQuery);
  const data = query.data;
  const report = data?.report ?? null;

  return (
    <section className="card page-card" aria-labelledby="pnl-title">
      <PageHeading
        id="pnl-title"
        title="P&L by month"
        summary={data ? formatRangeInZone(data.range) : undefined}
        actions={
          <ExportButton
            href={apiPath('GET shops/[shopId]/exports/pnl-by-month', { shopId: shop.id }, apiQuery)}
            label="Export CSV"
            excel
            disabled={!report}
            unavailable={partialExportNote(data)}
          />
        }
      />
      <PnlControls view={view} onChange={(change) => void setView(change)} />
      <CostViewControls />
      <p className="muted note">
        A column per calendar month of the range in the shop’s time zone (up to 24), by the day each order was created;
        the first and last columns hold only the range’s days of their month. The bottom line is {BOTTOM_LINE_MEANS}.
        Indented lines are the parts of the line above as the Reporting Service splits them; refunds are daily totals.
        Each month says how much of its net sales is still estimated (orders not settled: their fees may still change).
        {report?.costs === 'service' ? ' Showing the service’s figures only: your costs are not counted.' : null}
      </p>
      <ReportFrame
        query={query}
        what="the P&L by month"
        isEmpty={(r) => r.months.every((m) => m.lines === 0) && r.lines.every((l) => l.total === 0)}
        empty={(d) => (
          <EmptyState
            title="Nothing in this range"
            reason={say('nothingInRange', { range: { days: { from: d.range.from, to: d.range.to } } })}
          />
        )}
      >
        {(report) => (
          <>
            <PnlTable
              report={report}
              shopId={shop.id}
              currency={shop.currency}
              share={view.share === 'on'}
              timezone={shop.timezone}
            />
            <JournalDownload shopId={shop.id} months={report.months} />
          </>
        )}
      </ReportFrame>
      <BooksPanel
        shopId={shop.id}
        timezone={shop.timezone}
        currency={shop.currency}
        view={view}
        months={report?.months ?? []}
        stored={data?.partial === false}
      />
    </section>
  );
}
