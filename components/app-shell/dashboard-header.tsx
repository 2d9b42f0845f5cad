'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ShopPicker } from '@/components/shop-picker/shop-picker';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { AlertsBell } from '@/components/alerts/alerts-bell';
import { NavLinks } from './nav-links';
import type { Viewer } from './viewer';
import { useSelectedShop } from './use-selected-shop';

export interface DashboardHeaderProps {
  /** The sign-out control (a server-aware component owned by the session feature). */
  logout: ReactNode;
  /** Who is signed in: the navigation shows only the pages their role and access include. */
  viewer: Viewer;
}

export function DashboardHeader({ logout, viewer }: DashboardHeaderProps) {
  const { shop, shops, query } = useSelectedShop();
  // "All shops" shows every shop, each on its own calendar: no shop to pick, no single zone.
  const everyShop = usePathname().startsWith('/all-shops');
  return (
    <header className="app-header">
      <div className="app-header-top">
        <Link className="app-name" href="/orders">
          Shop Profit
        </Link>
        <NavLinks viewer={viewer} />
        <div className="app-logout">
          <AlertsBell />
          <Link className="app-account" href="/account" title={`Signed in as ${viewer.name}`}>
            {viewer.name}
          </Link>
          {logout}
        </div>
      </div>
      <div className="app-header-controls">
        {everyShop ? null : (
          <ShopPicker shops={shops} unavailable={query.data?.unavailable} selected={shop} loading={query.isPending} />
        )}
        <DateRangePicker
          timeZone={everyShop ? undefined : shop?.timezone}
          zoneLabel={everyShop ? 'each shop’s own' : undefined}
        />
      </div>
    </header>
  );
}
