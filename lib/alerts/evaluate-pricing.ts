import 'server-only';
import { readPricingLines } from '@/lib/pricing/read';
import { pricingModel } from '@/lib/pricing/report';
import type { SkuOverhead } from '@/lib/pricing/model';
import { skuReport } from '@/lib/reports/sku-report';
import { skuInfo } from '@/lib/store/reads';
import { sentence } from '@/lib/format/sentence';
import { figureOf, lastDays, moneyOf, type EvalContext, type Finding } from './context';
import { alertLinks } from './links';
import type { RuleParams } from './rules';

// "A SKU sells below its break-even price" (docs/ARCHITECTURE.md#pricing): the break-even price
// the Pricing page learns from the SKU's last `days` days of orders, as reported (estimates as they
// are, the seller's costs counted), is above its list price.

export async function skuBelowBreakEven(ctx: EvalContext, p: RuleParams<'sku-below-break-even'>): Promise<Finding[]> {
  const days = lastDays(ctx, p.days);
  const info = await skuInfo(ctx.store.db, ctx.shop.id);
  const prices = new Map([...info].map(([sku, i]) => [sku, i.priceCents]));
  const [lines, report] = await Promise.all([
    readPricingLines(ctx.store.db, ctx.shop.id, days, prices, ctx.costs),
    skuReport({ store: ctx.store, now: ctx.now }, ctx.shop, days, { costs: ctx.costs }),
  ]);
  const overheads = new Map<string, SkuOverhead>(
    report.rows.map((r) => [
      r.skuId,
      { adSpend: r.adSpend, other: r.allocatedCosts + Object.values(r.chargedCosts).reduce((a, b) => a + b, 0) },
    ]),
  );
  const model = pricingModel({ lines, prices, overheads, refunds: 0, drift: null }, 0);
  const found: Finding[] = [];
  for (const { model: m, answers: a } of model.skus) {
    if (m.lines < p.minLines || m.listPrice === null || a.breakEvenPrice === null) continue;
    if (m.listPrice >= a.breakEvenPrice) continue;
    const i = info.get(m.skuId);
    const name = i?.sellerSku || i?.skuName || m.skuId;
    found.push({
      subject: `sku:${m.skuId}`,
      title: sentence('{sku} sells below its break-even price', { sku: { text: name } }),
      message: sentence(
        '{sku} ({product}) lists at {price}, below the break-even price of {breakEven} learned from its {lines, plural, one {# line} other {# lines}} of the last {days} days ({range}).',
        {
          sku: { text: name },
          product: { text: i?.productName ?? m.skuId },
          price: moneyOf(ctx, m.listPrice),
          breakEven: moneyOf(ctx, a.breakEvenPrice),
          lines: { count: m.lines },
          days: { count: p.days },
          range: { days },
        },
      ),
      figure: figureOf(ctx, m.listPrice, a.breakEvenPrice, 'money'),
      link: alertLinks.pricing(ctx.shop.id, days, i?.sellerSku || m.skuId),
    });
  }
  return found;
}
