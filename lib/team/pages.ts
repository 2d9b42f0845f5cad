import { allows, pageRefusal, type AccessRules, type Permission } from './roles';

// The dashboard's pages and what each needs (client-safe): the navigation lists the pages a person
// may use, and the dashboard layout answers 403 for the others before anything is sent, with
// `refusal` saying why in the frame of the dashboard (app/forbidden.tsx).

/**
 * What a seller does on a page, in the order the navigation groups them: the reports read every
 * day, the one page that helps decide, the books closed each month, and what is set up once.
 */
export const PAGE_GROUPS = ['Reports', 'Decide', 'Books', 'Set up'] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

export const PAGES: readonly { href: string; label: string; permission: Permission; group: PageGroup }[] = [
  { href: '/', label: 'Overview', permission: 'view', group: 'Reports' },
  { href: '/orders', label: 'Orders', permission: 'view', group: 'Reports' },
  { href: '/sku-profit', label: 'SKU profit', permission: 'view-profit', group: 'Reports' },
  { href: '/refunds', label: 'Refunds', permission: 'view', group: 'Reports' },
  { href: '/settlement', label: 'Settlement', permission: 'view-profit', group: 'Reports' },
  // Every shop's figures side by side: a report read like the others, only wider.
  { href: '/all-shops', label: 'All shops', permission: 'view', group: 'Reports' },
  { href: '/pricing', label: 'Pricing', permission: 'view-profit', group: 'Decide' },
  { href: '/pnl-by-month', label: 'P&L by month', permission: 'view-profit', group: 'Books' },
  { href: '/pnl-by-month/accounts', label: 'Journal accounts', permission: 'view-profit', group: 'Books' },
  { href: '/sku-costs', label: 'SKU costs', permission: 'view-profit', group: 'Set up' },
  { href: '/your-costs', label: 'Your costs', permission: 'view-profit', group: 'Set up' },
  { href: '/alerts', label: 'Alerts', permission: 'view', group: 'Set up' },
  { href: '/team', label: 'Team', permission: 'manage-team', group: 'Set up' },
  { href: '/connections', label: 'Connections', permission: 'manage-connections', group: 'Set up' },
];

export type DashboardPage = (typeof PAGES)[number];
type Page = DashboardPage;

/**
 * The page at `pathname` (a page's sub-paths included, the most specific page first: Journal
 * accounts lies under P&L by month); none for the overview's unknown neighbours.
 */
export function pageAt(pathname: string, pages: readonly Page[] = PAGES): Page | undefined {
  if (pathname === '/') return pages.find((p) => p.href === '/');
  let found: Page | undefined;
  for (const p of pages)
    if (p.href !== '/' && (pathname === p.href || pathname.startsWith(`${p.href}/`)))
      if (!found || p.href.length > found.href.length) found = p;
  return found;
}

/** What the page at `pathname` needs ('view' for any page not listed, e.g. the account page). */
export function pagePermission(pathname: string): Permission {
  return pageAt(pathname)?.permission ?? 'view';
}

/** What a person reads on a page they may not use: the page's name, and a sentence saying why. */
export function refusal(pathname: string): { label: string; sentence: string } {
  const page = pageAt(pathname);
  const reason = page ? pageRefusal(page.permission) : undefined;
  if (!page || !reason)
    return { label: 'No access', sentence: "You don't have access to this page. Ask the shop's owner or an admin." };
  return { label: page.label, sentence: `You don't have access to ${page.label}: ${reason}` };
}

/** The pages `person` may open, for a way back from one they may not. */
export function openPages(person: AccessRules): readonly Page[] {
  return PAGES.filter((page) => allows(person, page.permission));
}
