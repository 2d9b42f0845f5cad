'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useFrameState } from '@/lib/url-state/hooks';
import { serializeFrame } from '@/lib/url-state';

const LINKS = [
  { href: '/', label: 'Overview' },
  { href: '/orders', label: 'Orders' },
  { href: '/sku-profit', label: 'SKU profit' },
  { href: '/sku-costs', label: 'SKU costs' },
  { href: '/refunds', label: 'Refunds' },
  { href: '/all-shops', label: 'All shops' },
  { href: '/your-costs', label: 'Your costs' },
] as const;

/** Links keep the shop and range, so moving between pages never loses the context. */
export function NavLinks() {
  const pathname = usePathname();
  const { frame } = useFrameState();
  const query = serializeFrame({ shop: frame.shop, range: frame.range, from: frame.from, to: frame.to });
  return (
    <nav aria-label="Dashboard" className="app-nav">
      <ul>
        {LINKS.map((link) => {
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
