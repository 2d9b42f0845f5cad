import type { Shop } from '@/lib/contract';
import { stableDigits, stableHex } from './prng';

// The demo accounts, app keys and shops (documented in ./README.md). Ids are opaque but stable:
// derived from the seed, so a URL with a shop id keeps working after the data is regenerated.

export interface DemoAccount {
  id: string;
  name: string;
  restFeature: boolean;
  appKey: string;
  appSecret: string;
}

export interface DemoShopSpec {
  key: string;
  accountId: string;
  name: string;
  region: string;
  timezone: string;
  sellerType: string;
  active: boolean;
  /** Orders over the 400 days (the main shop's can be overridden for benchmarks). */
  orders: number;
  /** Catalog size and price scale (prices are in the shop's currency). */
  products: number;
  priceScale: number;
}

export interface DemoShop extends DemoShopSpec {
  position: number;
  shop: Shop;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: 'acct-demo', name: 'Lumen & Co.', restFeature: true, appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
  {
    id: 'acct-basic',
    name: 'Basic Plan Seller',
    restFeature: false,
    appKey: 'basic-app-key',
    appSecret: 'basic-app-secret',
  },
  {
    id: 'acct-other',
    name: 'Another Seller',
    restFeature: true,
    appKey: 'other-app-key',
    appSecret: 'other-app-secret',
  },
];

export const MAIN_SHOP_KEY = 'lumen-us';

export const DEMO_SHOPS: readonly DemoShopSpec[] = [
  {
    key: MAIN_SHOP_KEY,
    accountId: 'acct-demo',
    name: 'Lumen & Co. Home (US)',
    region: 'US',
    timezone: 'America/Los_Angeles',
    sellerType: 'LOCAL',
    active: true,
    orders: 22_000,
    products: 36,
    priceScale: 1,
  },
  {
    key: 'lumen-gb',
    accountId: 'acct-demo',
    name: 'Lumen & Co. UK',
    region: 'GB',
    timezone: 'Europe/London',
    sellerType: 'CROSS_BORDER',
    active: true,
    orders: 5_200,
    products: 32,
    priceScale: 0.85,
  },
  {
    key: 'lumen-de',
    accountId: 'acct-demo',
    name: 'Lumen & Co. Küche (DE)',
    region: 'DE',
    timezone: 'Europe/Berlin',
    sellerType: 'CROSS_BORDER',
    active: true,
    orders: 1_400,
    products: 12,
    priceScale: 0.95,
  },
  {
    key: 'lumen-outlet',
    accountId: 'acct-demo',
    name: 'Lumen Outlet (closed)',
    region: 'US',
    timezone: 'America/New_York',
    sellerType: 'LOCAL',
    active: false,
    orders: 600,
    products: 8,
    priceScale: 0.7,
  },
  {
    key: 'basic-shop',
    accountId: 'acct-basic',
    name: 'Basic Corner Store',
    region: 'US',
    timezone: 'America/Chicago',
    sellerType: 'LOCAL',
    active: true,
    orders: 300,
    products: 6,
    priceScale: 1,
  },
  {
    key: 'other-shop',
    accountId: 'acct-other',
    name: 'Other Seller Goods',
    region: 'US',
    timezone: 'America/New_York',
    sellerType: 'LOCAL',
    active: true,
    orders: 800,
    products: 8,
    priceScale: 1.1,
  },
];

export function demoShops(seed: number, mainShopOrders?: number): DemoShop[] {
  return DEMO_SHOPS.map((spec, position) => {
    const id = `shp_${stableHex(`${seed}:shop:${spec.key}`, 16)}`;
    const orders = spec.key === MAIN_SHOP_KEY && mainShopOrders !== undefined ? mainShopOrders : spec.orders;
    const shop: Shop = {
      id,
      shopName: spec.name,
      shopId: stableDigits(`${seed}:platform-shop:${spec.key}`, 19),
      shopCode: `${spec.region}${stableHex(`${seed}:code:${spec.key}`, 6).toUpperCase()}`,
      shopSellerType: spec.sellerType,
      shopRegion: spec.region,
      timezone: spec.timezone,
    };
    return { ...spec, orders, position, shop };
  });
}
