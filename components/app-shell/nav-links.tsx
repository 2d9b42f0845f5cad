'use client';

import { useEffect, useRef } from 'react';
import Link, { useLinkStatus } from 'next/link';
import { usePathname } from 'next/navigation';
import { useFrameState } from '@/lib/views/hooks';
import { serializeFrame } from '@/lib/views/frame';
import { PRICING_OPENING_RANGE } from '@/lib/views/pricing-opening';
import { DEFAULT_RANGE } from '@/lib/views/range';
import { openPages } from '@/lib/team/pages';
import type { Viewer } from './viewer';

/**
 * While the server prepares the page a link leads to (its first HTML waits at most a second for its
 * data: lib/queries/prefetch.ts), the link says so; the page that is on screen stays until the new
 * one is ready, instead of a skeleton that would also hold back the new page's first paint (React
 * reveals a streamed page at least 300 ms after its skeleton: docs/benchmarks.md, bench:phone).
 */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <span className="nav-pending" aria-hidden="true" /> : null;
}

/** Links keep the shop and range, so moving between pages never loses the context; only pages the person may use are listed. */
export function NavLinks({ viewer }: { viewer: Viewer }) {
  const pathname = usePathname();
  const { frame } = useFrameState();
  const query = serializeFrame({ shop: frame.shop, range: frame.range, from: frame.from, to: frame.to });
  // Pricing opens on its own lookback when the header's range is the default: linked directly, so
  // the page is not one redirect away.
  const pricingQuery =
    frame.range === DEFAULT_RANGE && !frame.from && !frame.to
      ? serializeFrame({ shop: frame.shop, range: PRICING_OPENING_RANGE, from: null, to: null })
      : query;
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links are one row that scrolls sideways: the current page's link is brought into
  // view (the list's own scroll only; the page never moves).
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft = Math.max(0, current.offsetLeft - ul.offsetLeft - (ul.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav aria-label="Dashboard" className="app-nav">
      <ul ref={list}>
        {openPages(viewer).map((link) => {
          const current = link.href === '/' ? pathname === '/' : pathname.startsWith(link.href);
          return (
            <li key={link.href}>
              <Link
                href={`${link.href}${link.href === '/pricing' ? pricingQuery : query}`}
                aria-current={current ? 'page' : undefined}
              >
                {link.label}
                <Pending />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
