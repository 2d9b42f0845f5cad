'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { DashboardHeader } from './dashboard-header';
import { NavLinks } from './nav-links';
import type { Viewer } from './viewer';

export interface DashboardShellProps {
  /** The sign-out control (a server-aware component owned by the session feature). */
  logout: ReactNode;
  /** Who is signed in: the navigation shows only the pages their role and access include. */
  viewer: Viewer;
  /** The page. */
  children: ReactNode;
}

const NO_SCRIPT_NAV = '.app-nav:not([data-open]) { display: block } .nav-toggle { display: none }';

/**
 * The header over the navigation and the page: the navigation is a column beside the page from
 * 1024 px, and a panel the header's Menu button unfolds below that (closed again by Escape or by
 * opening a page).
 */
export function DashboardShell({ logout, viewer, children }: DashboardShellProps) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const toggle = useRef<HTMLButtonElement>(null);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      {/* Without scripts the Menu button cannot unfold: below 1024 px the navigation is then shown as it is. */}
      <noscript>
        <style>{NO_SCRIPT_NAV}</style>
      </noscript>
      <DashboardHeader
        logout={logout}
        viewer={viewer}
        menuOpen={open}
        onMenuToggle={() => setOpen((was) => !was)}
        menuButton={toggle}
      />
      <div className="app-body">
        <NavLinks viewer={viewer} open={open} />
        <main id="main" className="app-main">
          {children}
        </main>
      </div>
    </>
  );
}
