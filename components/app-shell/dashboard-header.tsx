'use client';

import type { ReactNode, RefObject } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ShopPicker } from '@/components/shop-picker/shop-picker';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { AlertsBell } from '@/components/alerts/alerts-bell';
import { JumpTo } from '@/components/jump-to/jump-to';
import { NAV_GROUPS_ID } from './nav-links';
import type { Viewer } from './viewer';
import { useSelectedShop } from './use-selected-shop';

export interface DashboardHeaderProps {
  logout: ReactNode;
  viewer: Viewer;
  /** Whether the phone's Menu (the navigation) is unfolded. */
  menuOpen: boolean;
  onMenuToggle: () => void;
  /** The Menu button, focused again when Escape folds the menu. */
  menuButton: RefObject<HTMLButtonElement | null>;
}

export function DashboardHeader({ logout, viewer, menuOpen, onMenuToggle, menuButton }: DashboardHeaderProps) {
  const { shop, shops, query } = useSelectedShop();
  // "All shops" shows every shop, each on its own calendar: no shop to pick, no single zone.
  const everyShop = usePathname().startsWith('/all-shops');
  return (
    <header className="app-header">
      <div className="app-header-top">
        <button
          ref={menuButton}
          type="button"
          className="btn nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={NAV_GROUPS_ID}
          onClick={onMenuToggle}
        >
          Menu
        </button>
        <Link className="app-name" href="/orders">
          Shop Profit
        </Link>
        <div className="app-logout">
          <JumpTo viewer={viewer} shop={everyShop ? undefined : shop} />
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
