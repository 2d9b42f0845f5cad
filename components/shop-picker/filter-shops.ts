import type { ConnectedShop } from '@/lib/api/schemas';

/** Case-insensitive match on name, region, time zone or connection, so "US", "Berlin" or "Client B" also find a shop. */
export function filterShops(shops: ConnectedShop[], text: string): ConnectedShop[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return shops;
  return shops.filter((shop) =>
    [shop.shopName, shop.shopRegion, shop.timezone, shop.connection ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}
