import { allows, pageRefusal, type AccessRules, type Permission } from './roles';

// The dashboard's pages and what each needs (client-safe): the navigation lists the pages a person
// may use, and the dashboard layout answers 403 for the others before anything is sent, with
// `refusal` saying why in the frame of the dashboard (app/forbidden.tsx).

export const PAGES: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/', label: 'Overview', permission: 'view' },
  { href: '/orders', label: 'Orders', permission: 'view' },
  { href: '/sku-profit', label: 'SKU profit', permission: 'view-profit' },
  { href: '/sku-costs', label: 'SKU costs', permission: 'view-profit' },
  { href: '/pnl-by-month', label: 'P&L by month', permission: 'view-profit' },
  { href: '/settlement', label: 'Settlement', permission: 'view-profit' },
  { href: '/pricing', label: 'Pricing', permission: 'view-profit' },
  { href: '/refunds', label: 'Refunds', permission: 'view' },
  { href: '/all-shops', label: 'All shops', permission: 'view' },
  { href: '/your-costs', label: 'Your costs', permission: 'view-profit' },
  { href: '/alerts', label: 'Alerts', permission: 'view' },
  { href: '/team', label: 'Team', permission: 'manage-team' },
  { href: '/connections', label: 'Connections', permission: 'manage-connections' },
];

type Page = (typeof PAGES)[number];

/** The page at `pathname` (a page's sub-paths included); none for the overview's unknown neighbours. */
function pageAt(pathname: string): Page | undefined {
  if (pathname === '/') return PAGES[0];
  return PAGES.find((p) => p.href !== '/' && (pathname === p.href || pathname.startsWith(`${p.href}/`)));
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
