'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ShopPicker } from '@/components/shop-picker/shop-picker';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { NavLinks } from './nav-links';
import { useSelectedShop } from './use-selected-shop';

export interface DashboardHeaderProps {
  /** The sign-out control (a server-aware component owned by the session feature). */
  logout: ReactNode;
}

export function DashboardHeader({ logout }: DashboardHeaderProps) {
  const { shop, shops, query } = useSelectedShop();
  // "All shops" shows every shop, each on its own calendar: no shop to pick, no single zone.
  const everyShop = usePathname().startsWith('/all-shops');
  return (
    <header className="app-header">
      <div className="app-header-top">
        <Link className="app-name" href="/orders">
          Shop Profit
        </Link>
        <NavLinks />
        <div className="app-logout">{logout}</div>
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
