import type { Order } from '@/lib/contract';
import type { OrderRow, SettlementRow } from '@/lib/service/store/writer';
import type { DemoShop } from './accounts';
import { dayWeight, demoDays, sampleTime, type DemoDay } from './calendar';
import type { Catalog } from './catalog';
import { buildLine } from './order-line';
import { allocate, chance, createRng, cumulate, intBetween, pickCumulative, stableHex, type Rng } from './prng';
import { settleOrder } from './settlement';

// A shop's orders over its 400 local days, oldest first. Each order's stage follows its age:
// recent orders are still being shipped and unsettled, older ones completed and settled
// (./settlement.ts: when, and how the figures change).

/**
 * An order as stored at generation time (`order`: settled once its settle time has passed, the
 * estimate before), its line-variant keys, and `settlement` while it is still to settle.
 */
export interface DemoOrder extends OrderRow {
  /** The estimate figures (its `orderType` is UNSETTLED or DRAFT when the order is still pending). */
  estimate: Order;
  /** The settled figures and settle time, whether or not the order had settled at generation. */
  final: SettlementRow;
}

const DAY = 86_400;
const LINE_COUNT = cumulate([55, 28, 12, 5]);

function stageOf(rng: Rng, ageDays: number): string {
  if (ageDays < 1) return chance(rng, 0.8) ? 'AWAITING_SHIPMENT' : 'AWAITING_COLLECTION';
  if (ageDays < 3) return chance(rng, 0.5) ? 'AWAITING_COLLECTION' : 'IN_TRANSIT';
  if (ageDays < 7) return chance(rng, 0.6) ? 'IN_TRANSIT' : 'DELIVERED';
  if (ageDays < 15) return chance(rng, 0.4) ? 'DELIVERED' : 'COMPLETED';
  return 'COMPLETED';
}

/** A unique 18-digit platform order number: an invertible scramble of the shop's sequence number. */
function orderNumber(shopNo: number, seq: number): string {
  const mixed = (BigInt(shopNo * 100_000_000 + seq) * 48_271n + 1_234_567n) % 10n ** 16n;
  return `57${mixed.toString().padStart(16, '0')}`;
}

export interface ShopVolume {
  days: DemoDay[];
  /** Orders per day: they add up to the shop's order count exactly. */
  counts: number[];
  nowSec: number;
}

export function shopVolume(seed: number, shop: DemoShop, now: Date): ShopVolume {
  const nowSec = Math.floor(now.getTime() / 1000);
  const rng = createRng(`${seed}:volume:${shop.key}`);
  const days = demoDays(now, shop.timezone);
  return {
    days,
    counts: allocate(
      shop.orders,
      days.map((day) => dayWeight(day, days.length, nowSec, rng)),
    ),
    nowSec,
  };
}

export function* generateShopOrders(
  seed: number,
  shop: DemoShop,
  catalog: Catalog,
  volume: ShopVolume,
): Generator<DemoOrder> {
  const { days, counts, nowSec } = volume;
  const rng = createRng(`${seed}:orders:${shop.key}`);
  const productWeights = cumulate(catalog.products.map((p) => p.weight));
  const idTag = stableHex(`${seed}:order-ids:${shop.key}`, 4);
  const referralPercent = shop.region === 'US' ? 6 : 8;
  let seq = 0;
  for (const day of days) {
    const times = Array.from({ length: counts[day.index] ?? 0 }, () => sampleTime(rng, day, nowSec)).sort(
      (a, b) => a - b,
    );
    for (const createTime of times) {
      const input = { seed, shop, catalog, productWeights, idTag, referralPercent, nowSec, createTime, seq: seq++ };
      yield buildOrder(rng, input);
    }
  }
}

interface OrderInput {
  seed: number;
  shop: DemoShop;
  catalog: Catalog;
  productWeights: number[];
  idTag: string;
  referralPercent: number;
  nowSec: number;
  createTime: number;
  seq: number;
}

function buildOrder(rng: Rng, input: OrderInput): DemoOrder {
  const { catalog, createTime, nowSec } = input;
  const ageDays = (nowSec - createTime) / DAY;
  const cancelled = chance(rng, 0.04);
  const status = cancelled ? 'CANCELLED' : stageOf(rng, ageDays);
  const sample = chance(rng, 0.03);
  const fulfilledByPlatform = chance(rng, 0.2);
  const platformLabel = fulfilledByPlatform || chance(rng, 0.7);
  const paidTime = Math.min(nowSec, createTime + intBetween(rng, 0, 900));
  const ctx = {
    sample,
    freeSample: sample && chance(rng, 0.6),
    fulfilledByPlatform,
    platformLabel,
    shippingFeeCents: chance(rng, 0.4) ? intBetween(rng, 3, 6) * 100 + 99 : 0,
    referralPercent: input.referralPercent,
    affiliatePercent: chance(rng, 0.18) ? intBetween(rng, 10, 20) : 0,
  };
  const lineCount = Math.min(pickCumulative(rng, LINE_COUNT) + 1, catalog.products.length);
  const chosen = new Set<number>();
  while (chosen.size < lineCount) chosen.add(pickCumulative(rng, input.productWeights));
  const variantNos: number[] = [];
  const products = [...chosen].map((productIndex, i) => {
    const product = catalog.products[productIndex]!;
    const sku = product.skus[Math.floor(rng() * product.skus.length)]!;
    variantNos.push(sku.variantNo);
    return buildLine(rng, product, sku, { ...ctx, shippingFeeCents: i === 0 ? ctx.shippingFeeCents : 0 });
  });
  const order: Order = {
    id: `ord_${input.idTag}${input.seq.toString(36).padStart(7, '0')}`,
    orderNumber: orderNumber(input.shop.position + 1, input.seq),
    createTime,
    paidTime,
    cancelTime: cancelled ? Math.min(nowSec, paidTime + intBetween(rng, 600, 2 * DAY)) : null,
    status,
    orderType: 'UNSETTLED',
    sampleOrder: sample ? 'YES' : 'NO',
    shippingType: platformLabel ? 'PLATFORM' : 'SELLER',
    fulfillmentType: fulfilledByPlatform ? 'FULFILLMENT_BY_PLATFORM' : 'FULFILLMENT_BY_SELLER',
    products,
  };
  const final = settleOrder(input.seed, order);
  if (nowSec >= final.settleAt) return { order: final.order, variantNos, estimate: order, final };
  // A few pending orders are drafts, more often among the newest; they stay DRAFT until they settle.
  if (chance(rng, ageDays < 3 ? 0.15 : 0.04)) order.orderType = 'DRAFT';
  return { order, variantNos, settlement: final, estimate: order, final };
}
