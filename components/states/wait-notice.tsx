'use client';

import { useEffect, useState } from 'react';

/** Work of this dashboard that spends the Reporting Service's budget ahead of a person's request. */
export type QueuedWork = 'sync' | 'export';

export interface WaitNoticeProps {
  /** A request of this view is on its way (first load or an update over the previous data). */
  fetching: boolean;
  /**
   * Failed attempts so far of the request being retried (react-query's failureCount). The browser
   * only retries a request that never reached the dashboard's server (lib/queries/query-client).
   */
  failureCount: number;
  /**
   * What the server says is queued ahead of this request, when it says so. Unknown (the default)
   * or empty: the notice names nothing, because claiming a sync or an export that is not there
   * sends the seller looking for the wrong cause.
   */
  queuedBehind?: readonly QueuedWork[];
  /** How long a request may take before the seller is told why it is waiting. */
  afterMs?: number;
}

/** True once `active` has stayed true for `afterMs`; false again as soon as it is not. */
function useLongWait(active: boolean, afterMs: number): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLong(true), afterMs);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [active, afterMs]);
  return active && long;
}

const WORK_WORDS: Record<QueuedWork, string> = { sync: 'a sync', export: 'an export' };

function waitMessage(queuedBehind: readonly QueuedWork[] = []): string {
  const ahead = [...new Set(queuedBehind)].map((work) => WORK_WORDS[work]);
  if (ahead.length > 0) {
    return `Waiting for a turn: the Reporting Service answers a limited number of requests a minute, and ${ahead.join(' and ')} of this dashboard ${ahead.length > 1 ? 'are' : 'is'} ahead of this view. It updates by itself.`;
  }
  return 'Still waiting for the Reporting Service: it answers a limited number of requests a minute, so a view can take a while when many are asked for at once. This view updates by itself.';
}

/**
 * Says why a view is still waiting. The dashboard's server queues every request behind the
 * Reporting Service's budget (60 a minute per app key), and dimmed old rows alone look like a hang.
 */
export function WaitNotice({ fetching, failureCount, queuedBehind, afterMs = 3_000 }: WaitNoticeProps) {
  const long = useLongWait(fetching, afterMs);
  if (fetching && failureCount > 0) {
    return (
      <p className="alert alert-warning" role="status" style={{ margin: 0 }}>
        Could not reach the dashboard&apos;s server. Trying again…
      </p>
    );
  }
  if (!long) return null;
  return (
    <p className="alert alert-info" role="status" style={{ margin: 0 }}>
      {waitMessage(queuedBehind)}
    </p>
  );
}
