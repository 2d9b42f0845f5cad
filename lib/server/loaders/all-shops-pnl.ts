import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import { appliedRate } from '@/lib/all-shops/all-shops';
import { addConvertedDays, allShopsStatement, type AllShopsPnl, type MonthSum } from '@/lib/all-shops/pnl-by-month';
import { ratePeriods } from '@/lib/costs/fx';
import type { FxRate } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import type { PeriodDeps } from '@/lib/reports/period';
import { readPnlDays } from '@/lib/reports/pnl-days';
import type { PnlLineValue } from '@/lib/reports/pnl-lines';
import { readFxRates } from '@/lib/store/fx-rates';
import { resolveRange, type RangeInput } from '@/lib/time';
import type { CostsView } from '@/lib/costs/types';
import { visibleShops } from '../access';
import { checkMonths } from './pnl-by-month';
import { costInputsFor, reportDeps, reportFrame } from './reports';
import { connectedShops } from './shops';

// The P&L by month of every shop the person sees, in one currency (docs/ARCHITECTURE.md#pl-by-month):
// each shop's range on its own calendar, read as the shop's statement is, day by day, each day
// converted at the rate in effect on it. A GET starts no sync: the All shops page asks each shop's.

export interface AllShopsPnlInput {
  range: RangeInput;
  currency: string;
  switches: ProfitSwitches;
  costs: CostsView;
}

async function shopDays(shop: ConnectedShop, input: AllShopsPnlInput, d: PeriodDeps) {
  const { range, frame, countedDays } = await reportFrame(shop, input.range, d);
  const costs = await costInputsFor(d, shop.id, { costs: input.costs, allocate: false });
  const days = await readPnlDays(d, shop, range, { switches: input.switches, costs, countedDays });
  return { range, frame, days };
}

export async function loadAllShopsPnl(input: AllShopsPnlInput): Promise<AllShopsPnl> {
  const [shops, d] = await Promise.all([connectedShops().then(visibleShops), reportDeps()]);
  for (const shop of shops) checkMonths(resolveRange(input.range, shop.timezone, d.now));
  const rates: readonly FxRate[] = await readFxRates(d.store.db);
  const read = await Promise.all(shops.map((shop) => shopDays(shop, input, d)));
  // The lines every day has (the same for every shop under one cost view): the months start from zero.
  const zero: PnlLineValue[] = [...read.flatMap((r) => [...r.days.values()])][0]?.lines ?? [];
  const months = new Map<string, MonthSum>();
  const out: Pick<AllShopsPnl, 'shops' | 'leftOut'> = { shops: [], leftOut: [] };
  for (const [i, shop] of shops.entries()) {
    const { range, frame, days } = read[i]!;
    const { periods, missing } = ratePeriods(rates, shop.currency, input.currency, range.from, range.to);
    if (missing) {
      out.leftOut.push({ id: shop.id, name: shop.shopName, currency: shop.currency, days: missing });
      continue;
    }
    if (zero.length > 0) addConvertedDays(months, range, days, periods, zero);
    const identity = shop.currency === input.currency;
    out.shops.push({
      id: shop.id,
      name: shop.shopName,
      currency: shop.currency,
      partial: frame.partial,
      rates: periods.map((p) => appliedRate(p, identity)),
    });
  }
  return {
    ...allShopsStatement(months),
    ...out,
    currency: input.currency,
    costs: input.costs,
    switches: input.switches,
    partial: out.shops.some((s) => s.partial),
  };
}
