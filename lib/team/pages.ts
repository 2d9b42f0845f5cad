import type { Permission } from './roles';

// The dashboard's pages and what each needs (client-safe): the navigation lists the pages a person
// may use, and the dashboard layout answers 404 for the others before anything is sent.

export const PAGES: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/', label: 'Overview', permission: 'view' },
  { href: '/orders', label: 'Orders', permission: 'view' },
  { href: '/sku-profit', label: 'SKU profit', permission: 'view-profit' },
  { href: '/sku-costs', label: 'SKU costs', permission: 'view-profit' },
  { href: '/settlement', label: 'Settlement', permission: 'view-profit' },
  { href: '/refunds', label: 'Refunds', permission: 'view' },
  { href: '/all-shops', label: 'All shops', permission: 'view' },
  { href: '/your-costs', label: 'Your costs', permission: 'view-profit' },
  { href: '/alerts', label: 'Alerts', permission: 'view' },
  { href: '/team', label: 'Team', permission: 'manage-team' },
  { href: '/connections', label: 'Connections', permission: 'manage-connections' },
];

/** What the page at `pathname` needs ('view' for any page not listed, e.g. the account page). */
export function pagePermission(pathname: string): Permission {
  const page = PAGES.find((p) => p.href !== '/' && (pathname === p.href || pathname.startsWith(`${p.href}/`)));
  return page?.permission ?? 'view';
}
