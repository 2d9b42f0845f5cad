import { formatAmount } from './amount';
import { day, money, present, text as words } from './history';
import { ENTRY_COLUMNS, type CostKind, type HistoryTexts } from './kind';
import type { FulfilmentBody } from './schemas';
import { FULFILMENT_BASES, type CostDay, type FulfilmentBasis } from './types';

// Fulfilment and packaging: what a fulfilment centre (3PL) or the seller's own packing charges, as
// its invoice states it: "from <day>, each order (or each unit) costs X", for every SKU or for one
// SKU (whose own rate replaces the every-SKU rate of the same basis from its day). Charged per
// unit (units estimated as gross sales / catalog price) of the counted lines, and once per order, on
// its first counted line (lib/costs/charges), in the SKUs' net profit, its own line of the P&L.

export interface Fulfilment {
  id: string;
  fromDay: CostDay;
  amountCents: number;
  per: FulfilmentBasis;
  /** One SKU, or null: every SKU. */
  skuId: string | null;
}

const PER_WORDS: Record<FulfilmentBasis, string> = { order: 'per order', unit: 'per unit' };

async function text(f: Omit<Fulfilment, 'id'>, t: HistoryTexts): Promise<string> {
  const who = f.skuId ? `for ${await t.sku(f.skuId)}` : 'for every SKU';
  return `${formatAmount(f.amountCents)} ${PER_WORDS[f.per]} ${who} from ${f.fromDay}`;
}

export const FULFILMENT_KIND: CostKind<'fulfilment', Fulfilment, FulfilmentBody> = {
  id: 'fulfilment',
  path: 'fulfilment',
  labels: {
    title: 'Fulfilment and packaging',
    one: 'fulfilment cost',
    many: 'fulfilment costs',
    rowWord: 'a fulfilment cost',
    notFound: 'That fulfilment cost no longer exists (it was deleted or undone). Reload to see the current list.',
    counted: 'fulfilment and packaging',
  },
  figure: 'costs-and-profit',
  dating: 'from-day',
  placement: { on: ['sku', 'shop'], per: 'unit-or-order' },
  store: {
    table: 'st_your_cost_entry',
    columns: ENTRY_COLUMNS,
    toRow: (shopId, f) => ({
      shop_id: shopId,
      kind: 'fulfilment',
      id: f.id,
      day: f.fromDay,
      sku_id: f.skuId,
      amount_cents: f.amountCents,
      basis: f.per,
    }),
    fromRow: (r) => ({
      id: String(r.id),
      fromDay: String(r.day),
      amountCents: Number(r.amount_cents),
      per: String(r.basis) as FulfilmentBasis,
      skuId: r.sku_id === null || r.sku_id === undefined ? null : String(r.sku_id),
    }),
    sortKeys: (f) => [f.skuId ?? '', f.per, f.fromDay, f.id],
    unique: {
      columns: ['sku_id', 'day', 'basis'],
      message: async (clash, t) =>
        `There is already a fulfilment cost ${await text(clash, t)} (entry ${clash.id}): edit that entry instead.`,
      backupMessage: (f, line) =>
        `${f.skuId ? `SKU ${f.skuId}` : 'Every SKU'} already has a fulfilment cost ${PER_WORDS[f.per]} from ${f.fromDay} on line ${line}`,
    },
  },
  async fromBody(body, ctx) {
    ctx.checkDays({ fromDay: { day: body.fromDay } });
    const t = await ctx.target({ skuId: body.skuId, sellerSku: body.sellerSku });
    return {
      fields: { fromDay: body.fromDay, amountCents: body.amount, per: body.per, skuId: t.skuId },
      sellerSku: t.sellerSku,
    };
  },
  history: {
    values: async (f, names) =>
      present({
        amount: money(f.amountCents),
        per: words(f.per),
        sku: f.skuId ? await names.sku(f.skuId) : null,
        day: day(f.fromDay),
      }),
    templates: {
      create:
        'Added fulfilment and packaging {amount} {per, select, order {per order} other {per unit}} {sku, select, none {for every SKU} other {for SKU {sku}}} from {day}',
      update:
        'Changed fulfilment and packaging {beforeAmount} {beforePer, select, order {per order} other {per unit}} from {beforeDay} to {amount} {per, select, order {per order} other {per unit}} {sku, select, none {for every SKU} other {for SKU {sku}}} from {day}',
      delete:
        'Deleted fulfilment and packaging {amount} {per, select, order {per order} other {per unit}} {sku, select, none {for every SKU} other {for SKU {sku}}} from {day}',
    },
  },
  charges: {
    rates: (items) => items.map(({ skuId, fromDay, per, amountCents }) => ({ skuId, fromDay, per, amountCents })),
    label: 'Fulfilment and packaging (yours)',
  },
  form: {
    intro:
      "What your fulfilment centre or your own packing charges, as the invoice states it: from a day, per order or per unit, for every SKU or one SKU (its own rate replaces the every-SKU rate from its day). Units are estimated as on the SKU profit page (gross sales ÷ price); an order pays the per-order amount once, however many SKUs it has: at the rate of its first SKU with sales (that SKU's own rate, else the every-SKU rate), counted in that SKU's net profit. It counts in the net profit of the SKUs sold, on its own line of the P&L.",
    fields: [
      { name: 'fromDay', label: 'From', input: 'date' },
      {
        name: 'per',
        label: 'Charged',
        input: 'choice',
        options: [
          { value: 'order', label: 'Per order' },
          { value: 'unit', label: 'Per unit' },
        ],
      },
      { name: 'amount', label: 'Amount', input: 'money' },
      // Optional: its empty choice reads "Every SKU".
      { name: 'skuId', label: 'SKU', input: 'sku', optional: true },
    ],
    blank: (today) => ({ fromDay: today, per: 'order', amount: '', skuId: '' }),
    values: (f) => ({ fromDay: f.fromDay, per: f.per, amount: formatAmount(f.amountCents), skuId: f.skuId ?? '' }),
    cells: (f) => ({ fromDay: f.fromDay, per: f.per, amount: f.amountCents, skuId: f.skuId }),
  },
  backup: {
    type: 'fulfilment',
    columns: ['basis'],
    write: (f) => ({ day: f.fromDay, amount: formatAmount(f.amountCents), sku_id: f.skuId, basis: f.per }),
    read: (r) => {
      const skuId = r.text('sku_id', 200);
      const per = r.cell('basis');
      if (!(FULFILMENT_BASES as readonly string[]).includes(per)) r.fail('basis', `"${per}" must be order or unit`);
      if (r.day === null || r.amountCents === null) return null;
      return { id: r.id, fromDay: r.day, amountCents: r.amountCents, per: per as FulfilmentBasis, skuId };
    },
    unmatched: (f, known) => (f.skuId === null || known.skus.has(f.skuId) ? null : `SKU ${f.skuId}`),
  },
};
