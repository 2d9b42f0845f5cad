// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ReportFrame } from '@/components/sync/report-frame';
import type { useReportQuery } from '@/components/sync/use-report-query';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { unreadRuns } from '@/lib/format/partial-day';
import { renderWithProviders } from '../../support/render';

afterEach(cleanup);

interface Report {
  orders: number;
}

type Reads = Pick<ReportEnvelope<Report>['coverage'], 'syncedAt' | 'todayReadAt' | 'latestReadAt'>;
const NOT_READ: Reads = { syncedAt: null, todayReadAt: null, latestReadAt: null };

function envelope(report: Report | null, daysStored: number, daysTotal = 30, reads = NOT_READ): ReportEnvelope<Report> {
  const complete = daysStored === daysTotal;
  return {
    shop: { id: 's1', name: 'Shop', timezone: 'America/Los_Angeles', currency: 'USD' },
    range: { from: '2026-10-28', to: '2026-11-26', timeZone: 'America/Los_Angeles' },
    coverage: { from: '2026-10-28', to: '2026-11-26', daysTotal, daysStored, complete, ...reads },
    sync: {
      shopId: 's1',
      state: complete ? 'done' : 'running',
      running: !complete,
      range: null,
      pagesDone: 3,
      pagesTotal: 12,
      pagesTotalKnown: true,
      ordersStored: 240,
      requestsPerMinute: 55,
      etaSeconds: 20,
      startedAt: null,
      finishedAt: null,
      lastSyncedAt: null,
      error: null,
    },
    partial: !complete,
    needsSync: !complete,
    report,
  } as ReportEnvelope<Report>;
}

function frame(data: ReportEnvelope<Report> | undefined) {
  const query = {
    data,
    isError: false,
    error: null,
    refetch: async () => undefined,
    retrySync: async () => undefined,
  } as unknown as ReturnType<typeof useReportQuery<Report>>;
  return renderWithProviders(
    <ReportFrame
      query={query}
      what="the overview"
      isEmpty={(r) => r.orders === 0}
      empty={() => <p>No orders in this range</p>}
    >
      {(report) => <p>{report.orders} orders</p>}
    </ReportFrame>,
  );
}

describe('ReportFrame', () => {
  it('never says "no orders" for a range it has not read to the end', () => {
    frame(envelope({ orders: 0 }, 0));
    expect(screen.queryByText(/No orders/)).toBeNull();
    expect(screen.getByText('Still reading this range')).toBeTruthy();
    expect(document.body.textContent).toContain('0 of 30 days');
  });

  it('says the range is empty once every day is stored', () => {
    frame(envelope({ orders: 0 }, 30));
    expect(screen.getByText('No orders in this range')).toBeTruthy();
    expect(screen.queryByText('Still reading this range')).toBeNull();
  });

  it('shows what is counted while partial, marked partial with what the figures count', () => {
    frame(envelope({ orders: 12 }, 7));
    expect(screen.getByText('12 orders')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/7 of 30 days are stored completely.*counts those days alone/);
  });

  it("says the figures' newest read, and each part's own when today was read later than the days before", () => {
    const at = (hhmm: string) => Date.parse(`2026-11-26T${hhmm}:00-08:00`);
    frame(
      envelope({ orders: 12 }, 30, 30, { syncedAt: at('16:59'), todayReadAt: at('17:17'), latestReadAt: at('17:17') }),
    );
    expect(document.body.textContent).toMatch(/Figures of today as of [^(]*17:17.*of the days before as of [^(]*16:59/);
    cleanup();
    frame(envelope({ orders: 12 }, 30, 30, { syncedAt: at('16:59'), todayReadAt: null, latestReadAt: at('17:05') }));
    expect(document.body.textContent).toMatch(/Figures as of [^(]*17:05/);
    expect(document.body.textContent).not.toContain('16:59');
  });

  it("names the running read's own range and why; a finished read leaves no bar", () => {
    /** An envelope of `daysStored` days whose sync reads `from`–`to` for `why` (running unless `done`). */
    const reading = (daysStored: number, from: string, to: string, why: 'range' | 'comparison', done = false) => {
      const e = envelope({ orders: 12 }, daysStored);
      const state = done ? ('done' as const) : ('running' as const);
      e.sync = { ...e.sync, running: !done, state, range: { from, to }, why };
      return e;
    };
    const cases: [ReportEnvelope<Report>, string][] = [
      [reading(7, '2026-10-28', '2026-11-26', 'range'), 'Reading Oct 28 – Nov 26, 2026: the range you opened'],
      [
        reading(30, '2026-09-28', '2026-10-27', 'comparison'),
        'Reading Sep 28 – Oct 27, 2026: the period before, for the comparison',
      ],
      // Another range read earlier, still running, never shows under this range's words.
      [
        reading(30, '2024-01-01', '2026-11-26', 'range'),
        'Reading Jan 1, 2024 – Nov 26, 2026: another range opened in the dashboard',
      ],
    ];
    for (const [data, words] of cases) {
      frame(data);
      expect(screen.getByText(words)).toBeTruthy();
      cleanup();
    }
    // This range first: while another range is read, its own state comes above that read's bar.
    frame(reading(12, '2024-01-01', '2026-11-26', 'range'));
    const own = screen.getByText(/^This range, Oct 28 – Nov 26, 2026: 12 of 30 days stored/);
    const other = screen.getByText('Reading Jan 1, 2024 – Nov 26, 2026: another range opened in the dashboard');
    expect(own.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    // Its own read needs no such line.
    frame(reading(12, '2026-10-28', '2026-11-26', 'range'));
    expect(screen.queryByText(/^This range, /)).toBeNull();
    cleanup();
    frame(reading(29, '2026-10-28', '2026-11-26', 'range', true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.textContent).toContain('29 of 30 days of this range stored');
  });

  it('says a range wholly in the future is in the future, never "no orders"', () => {
    const future = envelope({ orders: 0 }, 0, 0);
    future.range = { from: '2030-01-01', to: '2030-01-31', timeZone: 'America/Los_Angeles' };
    frame(future);
    expect(screen.getByText('This range is in the future')).toBeTruthy();
    expect(document.body.textContent).toContain('No day of this range has begun yet, so nothing is read');
    expect(document.body.textContent).not.toContain('0 of 0 days');
    expect(screen.queryByText(/No orders/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a loading state before the first answer', () => {
    frame(undefined);
    expect(screen.getByText('Loading the overview…')).toBeTruthy();
  });
});

describe('unreadRuns', () => {
  const now = Date.parse('2026-11-20T20:00:00Z');
  const point = (day: string, value: number | null) => ({ day, netSales: value });
  it('groups days without figures before today into runs; days to come are not "unread"', () => {
    const series = [
      point('2026-11-14', null),
      point('2026-11-15', null),
      point('2026-11-16', 10),
      point('2026-11-17', null),
      point('2026-11-18', 0),
      point('2026-11-21', null),
      point('2026-11-22', null),
    ];
    expect(unreadRuns(series, 'UTC', now)).toEqual([
      { from: '2026-11-14', to: '2026-11-15' },
      { from: '2026-11-17', to: '2026-11-17' },
    ]);
  });
});
