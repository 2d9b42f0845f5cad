'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useFrameState } from '@/lib/views/hooks';
import { serializeFrame } from '@/lib/views/frame';
import { openPages } from '@/lib/team/pages';
import type { Viewer } from './viewer';

/** Links keep the shop and range, so moving between pages never loses the context; only pages the person may use are listed. */
export function NavLinks({ viewer }: { viewer: Viewer }) {
  const pathname = usePathname();
  const { frame } = useFrameState();
  const query = serializeFrame({ shop: frame.shop, range: frame.range, from: frame.from, to: frame.to });
  return (
    <nav aria-label="Dashboard" className="app-nav">
      <ul>
        {openPages(viewer).map((link) => {
          const current = link.href === '/' ? pathname === '/' : pathname.startsWith(link.href);
          return (
            <li key={link.href}>
              <Link href={`${link.href}${query}`} aria-current={current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
