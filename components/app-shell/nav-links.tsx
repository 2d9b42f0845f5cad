'use client';

import Link, { useLinkStatus } from 'next/link';
import { usePathname } from 'next/navigation';
import { useFrameState } from '@/lib/views/hooks';
import { openPages, pageAt, PAGE_GROUPS } from '@/lib/team/pages';
import { pageHref } from './page-href';
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

export const NAV_GROUPS_ID = 'dashboard-nav-groups';

export interface NavLinksProps {
  viewer: Viewer;
  /** On a phone the groups fold behind the header's Menu button: whether they are unfolded. */
  open: boolean;
}

/**
 * The pages grouped by what a seller does with them (lib/team/pages): a column beside the page on a
 * wide screen, the Menu's panel on a phone. Only pages the person may open are listed, each linked
 * in the shop and range on screen.
 */
export function NavLinks({ viewer, open }: NavLinksProps) {
  const pathname = usePathname();
  const { frame } = useFrameState();
  const pages = openPages(viewer);
  const current = pageAt(pathname, pages)?.href;
  return (
    <nav aria-label="Dashboard" className="app-nav" data-open={open ? '' : undefined}>
      <div id={NAV_GROUPS_ID} className="nav-groups">
        {PAGE_GROUPS.map((group) => {
          const links = pages.filter((page) => page.group === group);
          if (links.length === 0) return null;
          const id = `nav-group-${group.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <div key={group} className="nav-group">
              <div id={id} className="nav-group-title">
                {group}
              </div>
              <ul aria-labelledby={id}>
                {links.map((link) => (
                  <li key={link.href}>
                    <Link href={pageHref(link.href, frame)} aria-current={link.href === current ? 'page' : undefined}>
                      {link.label}
                      <Pending />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
