import { describe, expect, it } from 'vitest';
import { openPages, pageAt, pagePermission, PAGE_GROUPS, PAGES, refusal } from '@/lib/team/pages';
import { allows, ROLES } from '@/lib/team/roles';

describe('the dashboard pages a person may use', () => {
  it('a page and its sub-paths need its permission; an address not listed needs only a session', () => {
    expect(pagePermission('/sku-profit')).toBe('view-profit');
    expect(pagePermission('/team/anything')).toBe('manage-team');
    expect(pagePermission('/sku-profits')).toBe('view');
    expect(pagePermission('/account')).toBe('view');
  });

  it('names the page and says why it is closed, in words', () => {
    expect(refusal('/sku-profit').sentence).toBe(
      "You don't have access to SKU profit: it shows costs and profit, which your account doesn't include. Ask the shop's owner or an admin.",
    );
    expect(refusal('/sku-profit').label).toBe('SKU profit');
    expect(refusal('/connections').sentence).toMatch(/^You don't have access to Connections: .*only the owner/);
    expect(refusal('/team/x').sentence).toMatch(/^You don't have access to Team: /);
  });

  it('every page a role can be refused has its own reason', () => {
    const people = ROLES.flatMap((role) => [true, false].map((seesProfit) => ({ role, seesProfit })));
    for (const page of PAGES)
      if (people.some((person) => !allows(person, page.permission)))
        expect(refusal(page.href).sentence, page.href).toMatch(new RegExp(`^You don't have access to ${page.label}: `));
  });

  it('the way back leads to pages the person may open: overview and orders first', () => {
    const viewer = { role: 'viewer' as const, seesProfit: false };
    expect(openPages(viewer).map((p) => p.label)).toEqual(['Overview', 'Orders', 'Refunds', 'All shops', 'Alerts']);
  });

  it('a page under another is its own page (Journal accounts under P&L by month), with the permission of the page above it', () => {
    expect(pageAt('/pnl-by-month/accounts')?.label).toBe('Journal accounts');
    expect(pageAt('/pnl-by-month')?.label).toBe('P&L by month');
    expect(pageAt('/')?.label).toBe('Overview');
    expect(pagePermission('/pnl-by-month/accounts')).toBe('view-profit');
  });

  it('every page belongs to a group of the navigation, listed in the order of the groups', () => {
    const order = PAGES.map((p) => PAGE_GROUPS.indexOf(p.group));
    expect(order.every((g) => g >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
