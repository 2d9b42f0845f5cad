import { formatAmount } from './amount';
import { day, money } from './history';
import { COGS_IMPORT } from './import-cogs';
import type { CostKind } from './kind';
import type { CogsBody } from './schemas';
import type { CogsEntry } from './types';

// Dated COGS: "from a day, one unit of this SKU costs X", replacing the service's cost of goods of
// that SKU's lines from that day (lib/costs/cogs, lib/reports/cogs-adjust).

const ID_MAX = 200;

export const COGS_KIND: CostKind<'cogs', CogsEntry, CogsBody> = {
  id: 'cogs',
  path: 'cogs',
  labels: {
    title: 'Cost of goods',
    one: 'COGS entry',
    many: 'COGS entries',
    rowWord: 'a COGS entry',
    notFound: 'That COGS entry no longer exists (it was deleted or undone). Reload to see the current list.',
    counted: 'COGS by date',
  },
  figure: 'costs-and-profit',
  dating: 'from-day',
  placement: { on: ['sku'], per: 'unit' },
  store: {
    table: 'st_your_cogs',
    columns: ['shop_id', 'id', 'sku_id', 'from_day', 'unit_cost_cents'],
    toRow: (shopId, c) => ({
      shop_id: shopId,
      id: c.id,
      sku_id: c.skuId,
      from_day: c.fromDay,
      unit_cost_cents: c.unitCostCents,
    }),
    fromRow: (r) => ({
      id: String(r.id),
      skuId: String(r.sku_id),
      fromDay: String(r.from_day),
      unitCostCents: Number(r.unit_cost_cents),
    }),
    sortKeys: (c) => [c.skuId, c.fromDay, c.id],
    unique: {
      columns: ['sku_id', 'from_day'],
      message: async (clash, t) =>
        `${await t.sku(clash.skuId)} already has a unit cost from ${clash.fromDay} (${formatAmount(clash.unitCostCents)}, entry ${clash.id}): edit that entry instead.`,
      backupMessage: (c, line) => `SKU ${c.skuId} already has a unit cost from ${c.fromDay} on line ${line}`,
    },
  },
  async fromBody(body, ctx) {
    ctx.checkDays({ fromDay: { day: body.fromDay } });
    const t = await ctx.target({ skuId: body.skuId, sellerSku: body.sellerSku });
    return { fields: { skuId: t.skuId!, fromDay: body.fromDay, unitCostCents: body.unitCost }, sellerSku: t.sellerSku };
  },
  history: {
    values: async (c, names) => ({
      sku: await names.sku(c.skuId),
      amount: money(c.unitCostCents),
      day: day(c.fromDay),
    }),
    templates: {
      create: 'Set the unit cost of SKU {sku} to {amount} from {day}',
      update: 'Changed the unit cost of SKU {sku} ({beforeAmount} from {beforeDay}) to {amount} from {day}',
      delete: 'Removed the unit cost {amount} of SKU {sku} from {day}',
      import:
        'Imported {count, plural, one {# unit cost} other {# unit costs}}{from, select, none {} other { ({to, select, none {{from}} other {{from} … {to}}})}}{replaced, plural, =0 {} one {, replacing # entry} other {, replacing # entries}}',
    },
  },
  import: COGS_IMPORT,
  backup: {
    type: 'cogs',
    write: (c) => ({ day: c.fromDay, amount: formatAmount(c.unitCostCents), sku_id: c.skuId }),
    read: (r) => {
      const skuId = r.text('sku_id', ID_MAX);
      if (!skuId) r.fail('sku_id', 'is required for a COGS entry');
      if (r.day === null || r.amountCents === null || !skuId) return null;
      return { id: r.id, skuId, fromDay: r.day, unitCostCents: r.amountCents };
    },
    unmatched: (c, known) => (known.skus.has(c.skuId) ? null : `SKU ${c.skuId}`),
  },
};
