import { formatAmount } from './amount';
import { day, money, present, text } from './history';
import { AD_SPEND_IMPORT } from './import-ad-spend';
import type { CostKind } from './kind';
import { CAMPAIGN_MAX } from './limits';
import type { AdSpendBody } from './schemas';
import type { AdSpend } from './types';

// Ad spend: one day's spend, on a SKU, a product (split over its SKUs by net sales) or the shop.

const ID_MAX = 200;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export const AD_SPEND_KIND: CostKind<'adSpend', AdSpend, AdSpendBody> = {
  id: 'adSpend',
  path: 'ad-spend',
  labels: {
    title: 'Ad spend',
    one: 'ad spend row',
    many: 'ad spend rows',
    rowWord: 'an ad spend row',
    notFound: 'That ad spend row no longer exists (it was deleted or undone). Reload to see the current list.',
    counted: 'ad spend',
  },
  figure: 'costs-and-profit',
  dating: 'day',
  placement: { on: ['sku', 'product', 'shop'], per: 'day' },
  store: {
    table: 'st_your_ad_spend',
    columns: ['shop_id', 'id', 'day', 'amount_cents', 'sku_id', 'product_id', 'campaign'],
    toRow: (shopId, a) => ({
      shop_id: shopId,
      id: a.id,
      day: a.day,
      amount_cents: a.amountCents,
      sku_id: a.skuId,
      product_id: a.productId,
      campaign: a.campaign,
    }),
    fromRow: (r) => ({
      id: String(r.id),
      day: String(r.day),
      amountCents: Number(r.amount_cents),
      skuId: str(r.sku_id),
      productId: str(r.product_id),
      campaign: str(r.campaign),
    }),
    sortKeys: (a) => [a.day, a.id],
    rangeColumn: 'day',
  },
  async fromBody(body, ctx) {
    ctx.checkDays({ day: { day: body.day } });
    const t = await ctx.target(body);
    return {
      fields: {
        day: body.day,
        amountCents: body.amount,
        skuId: t.skuId,
        productId: t.productId,
        campaign: body.campaign,
      },
    };
  },
  history: {
    values: async (a, names) =>
      present({
        amount: money(a.amountCents),
        day: day(a.day),
        ...(await names.target(a)),
        campaign: a.campaign ? text(a.campaign) : null,
      }),
    templates: {
      create:
        'Added ad spend {amount} on {day} {on, select, sku {for SKU {sku}} product {for product {product}} other {for the whole shop}}{campaign, select, none {} other { (campaign "{campaign}")}}',
      update:
        'Changed ad spend {beforeAmount} on {beforeDay} to {amount} on {day} {on, select, sku {for SKU {sku}} product {for product {product}} other {for the whole shop}}{campaign, select, none {} other { (campaign "{campaign}")}}',
      delete:
        'Deleted ad spend {amount} on {day} {on, select, sku {for SKU {sku}} product {for product {product}} other {for the whole shop}}{campaign, select, none {} other { (campaign "{campaign}")}}',
      import:
        'Imported {count, plural, one {# ad spend row} other {# ad spend rows}}{from, select, none {} other { ({to, select, none {{from}} other {{from} … {to}}})}}{replaced, plural, =0 {} one {, replacing # row} other {, replacing # rows}}',
    },
  },
  import: AD_SPEND_IMPORT,
  backup: {
    type: 'ad_spend',
    write: (a) => ({
      day: a.day,
      amount: formatAmount(a.amountCents),
      sku_id: a.skuId,
      product_id: a.productId,
      campaign: a.campaign,
    }),
    read: (r) => {
      const skuId = r.text('sku_id', ID_MAX);
      const productId = r.text('product_id', ID_MAX);
      const campaign = r.text('campaign', CAMPAIGN_MAX);
      if (r.day === null || r.amountCents === null) return null;
      return { id: r.id, day: r.day, amountCents: r.amountCents, skuId, productId, campaign };
    },
    unmatched: (a, known) => {
      if (a.skuId !== null) return known.skus.has(a.skuId) ? null : `SKU ${a.skuId}`;
      if (a.productId !== null && !known.products.has(a.productId)) return `product ${a.productId}`;
      return null;
    },
  },
};
