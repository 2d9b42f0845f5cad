'use client';

import { useEffect, useState } from 'react';

export interface WaitNoticeProps {
  /** A request of this view is on its way (first load or an update over the previous data). */
  fetching: boolean;
  /** Failed attempts so far of the request being retried (react-query's failureCount). */
  failureCount: number;
  /** How long a request may take before the seller is told why it is waiting. */
  afterMs?: number;
}

/** True once `active` has stayed true for `afterMs`; false again as soon as it is not. */
export function useLongWait(active: boolean, afterMs: number): boolean {
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

/**
 * Says why a view is still waiting. The dashboard's server queues every request behind the
 * Reporting Service's budget (60 a minute per app key): while a sync or a large export spends it,
 * a new filter can wait tens of seconds, and dimmed old rows alone look like a hang.
 */
export function WaitNotice({ fetching, failureCount, afterMs = 3_000 }: WaitNoticeProps) {
  const long = useLongWait(fetching, afterMs);
  if (fetching && failureCount > 0) {
    return (
      <p className="alert alert-warning" role="status" style={{ margin: 0 }}>
        The Reporting Service isn&apos;t responding right now. Trying again…
      </p>
    );
  }
  if (!long) return null;
  return (
    <p className="alert alert-info" role="status" style={{ margin: 0 }}>
      The Reporting Service is busy: it answers a limited number of requests a minute, and other requests of this dashboard (a
      sync, an export) are ahead of this one. Waiting for a turn; this view updates by itself.
    </p>
  );
}
