'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { alertInboxQueryOptions } from '@/lib/queries/options';
import { useFrameState } from '@/lib/views/hooks';
import { serializeFrame } from '@/lib/views/frame';
import { say } from './messages';

/** How often the header asks for unread alerts: rules run after a sync, so a minute is soon enough. */
const POLL_MS = 60_000;

/** The header's bell: the unread count, polled, and the way to the Alerts page (keeping shop and range). */
export function AlertsBell() {
  const { data } = useQuery({ ...alertInboxQueryOptions(true), refetchInterval: POLL_MS });
  const { frame } = useFrameState();
  const query = serializeFrame({ shop: frame.shop, range: frame.range, from: frame.from, to: frame.to });
  const unread = data?.unread ?? 0;
  return (
    <Link className="alerts-bell" href={`/alerts${query}`} aria-label={say('bell', { count: { count: unread } })}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 2.9A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 ? (
        <span className="alerts-bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
