import type { Order, RefundDay } from '@/lib/contract';
import { classifyOrder, lineProfit, toCents, type ProfitSwitches } from '@/lib/profit';
import { shopLocalDate } from '@/lib/time';

// The reference the reports are checked against: every upstream order of the range, classified
// and summed with lib/profit, line by line, in shop time. No store, no rollup, no SQL.

export interface BruteSku {
  lines: number;
  netSales: number;
  promos: number;
  costOfGoods: number;
  shipping: number;
  platformFees: number;
  affiliateCommission: number;
  netProfit: number;
}

export interface BruteTotals {
  skus: Map<string, BruteSku>;
  orders: number;
  sampleCost: number;
  refunds: number;
}

export function bruteForce(
  orders: readonly Order[],
  refunds: readonly RefundDay[],
  tz: string,
  from: string,
  to: string,
  switches: ProfitSwitches,
): BruteTotals {
  const skus = new Map<string, BruteSku>();
  let count = 0;
  let sampleCost = 0;
  for (const o of orders) {
    const day = shopLocalDate(o.createTime, tz);
    if (day < from || day > to) continue;
    const cls = classifyOrder(o, switches);
    if (cls === 'excluded') continue;
    if (cls === 'sample') {
      for (const p of o.products) sampleCost += lineProfit(p).netProfit;
      continue;
    }
    count++;
    for (const p of o.products) {
      const l = lineProfit(p);
      const s = skus.get(p.skuId) ?? {
        lines: 0,
        netSales: 0,
        promos: 0,
        costOfGoods: 0,
        shipping: 0,
        platformFees: 0,
        affiliateCommission: 0,
        netProfit: 0,
      };
      s.lines++;
      s.netSales += l.netSales;
      s.promos += l.promos;
      s.costOfGoods += l.costOfGoods;
      s.shipping += l.shipping;
      s.platformFees += l.platformFees;
      s.affiliateCommission += l.affiliateCommission;
      s.netProfit += l.netProfit;
      skus.set(p.skuId, s);
    }
  }
  const refundCents = refunds
    .filter((r) => {
      const day = shopLocalDate(r.date, tz);
      return day >= from && day <= to;
    })
    .reduce((acc, r) => acc + toCents(r.value), 0);
  return { skus, orders: count, sampleCost, refunds: refundCents };
}
