import type pg from 'pg';
import type { UpstreamRequest } from '../upstream-proxy';

// The kill test's evidence: the sync's checkpoint as the killed instance left it in PostgreSQL
// (st_sync_job, written with every stored page), and which of the job's pages the other instance
// asked the Reporting Service for afterwards (the upstream proxy's log, by door).

export interface WindowCheckpoint {
  fromDay: string;
  toDay: string;
  startTs: number;
  endTs: number;
  nextPage: number;
  totalPages: number | null;
  ordersDone: boolean;
  refundsDone: boolean;
}

export interface Checkpoint {
  jobId: string;
  state: string;
  from: string;
  to: string;
  windows: WindowCheckpoint[];
  updatedAt: number;
}

export async function readCheckpoint(db: pg.Client, shopId: string): Promise<Checkpoint | null> {
  const { rows } = await db.query<{ job_id: string; state: string; plan: string; updated_at: string }>(
    'SELECT job_id, state, plan, updated_at FROM st_sync_job WHERE shop_id = $1',
    [shopId],
  );
  const row = rows[0];
  if (!row) return null;
  const plan = JSON.parse(row.plan) as { from: string; to: string; windows: WindowCheckpoint[] };
  return {
    jobId: row.job_id,
    state: row.state,
    from: plan.from,
    to: plan.to,
    windows: plan.windows,
    updatedAt: Number(row.updated_at),
  };
}

/** Pages stored by the checkpoint: every page before each window's next one. */
export const pagesStored = (c: Checkpoint) =>
  c.windows.reduce((n, w) => n + (w.ordersDone ? (w.totalPages ?? 0) : w.nextPage - 1), 0);

export interface JobRead {
  window: number;
  kind: 'orders' | 'refunds';
  page: number;
  request: UpstreamRequest;
}

/** The job's own reads among `requests`: order pages (limit=100) and refund pages of its windows. */
export function jobReads(job: Checkpoint, requests: readonly UpstreamRequest[]): JobRead[] {
  const out: JobRead[] = [];
  for (const request of requests) {
    const kind = request.path.endsWith('/orders-by-product')
      ? 'orders'
      : request.path.endsWith('/refunds')
        ? 'refunds'
        : null;
    if (!kind || request.query.get('limit') !== '100') continue;
    const start = Number(request.query.get('startDate'));
    const end = Number(request.query.get('endDate'));
    const window = job.windows.findIndex((w) => w.startTs === start && w.endTs === end);
    if (window >= 0) out.push({ window, kind, page: Number(request.query.get('page') ?? 1), request });
  }
  return out;
}

export interface Resumption {
  /** When the other instance first read one of the job's pages (ms), or null. */
  firstAt: number | null;
  pagesRead: number;
  /** Reads of what the checkpoint had stored: a run that started over, not one that resumed. */
  storedAgain: string[];
}

/** What the other instance read of the job after the kill, against the checkpoint. */
export function resumption(checkpoint: Checkpoint, after: readonly JobRead[]): Resumption {
  const storedAgain: string[] = [];
  for (const read of after) {
    const w = checkpoint.windows[read.window]!;
    const stored = read.kind === 'refunds' ? w.refundsDone : w.ordersDone || read.page < w.nextPage;
    if (stored) storedAgain.push(`${w.fromDay}…${w.toDay} ${read.kind} page ${read.page}`);
  }
  return {
    firstAt: after.length > 0 ? Math.min(...after.map((r) => r.request.at)) : null,
    pagesRead: after.filter((r) => r.kind === 'orders').length,
    storedAgain,
  };
}
