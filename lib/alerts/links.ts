import { ordersView } from '@/lib/views/orders';
import { overviewView } from '@/lib/views/overview';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { pricingView } from '@/lib/views/pricing';
import { refundsView } from '@/lib/views/refunds';
import { skuProfitView } from '@/lib/views/sku-profit';
import { pageLink } from '@/lib/views/view';

// The exact view an alert points to: the page's path and its URL state (lib/views), the range as
// custom days so the link shows the figure the alert names, whenever it is opened.

type Days = { from: string; to: string };

const custom = (days: Days) => ({ range: 'custom' as const, ...days });

export const alertLinks = {
  skuProfit: (shopId: string, days: Days, sku?: string) =>
    pageLink(skuProfitView)('/sku-profit', { shop: shopId, ...custom(days), q: sku ?? null }),
  orders: (shopId: string, days: Days, orderNumber: string) =>
    pageLink(ordersView)('/orders', { shop: shopId, ...custom(days), orderNumber: orderNumber || null }),
  refunds: (shopId: string, days: Days) => pageLink(refundsView)('/refunds', { shop: shopId, ...custom(days) }),
  overview: (shopId: string, days: Days) => pageLink(overviewView)('/', { shop: shopId, ...custom(days) }),
  pnlByMonth: (shopId: string, days: Days) =>
    pageLink(pnlByMonthView)('/pnl-by-month', { shop: shopId, ...custom(days) }),
  pricing: (shopId: string, days: Days, sku: string) =>
    pageLink(pricingView)('/pricing', { shop: shopId, ...custom(days), q: sku }),
};
