import { statementFrame, type PnlLineValue } from './pnl-lines';

// The account each line of the P&L by month posts to in a journal (docs/ARCHITECTURE.md#journals):
// the seller's choice for this shop, else for every shop, else the default chart below. Defaults live
// in code only (nothing is written until the seller saves), so a better default reaches every seller
// who kept it. Pure and client-safe: the mapping screen reads the same catalogue and sources.

/** Where an effective account comes from. */
export type AccountSource = 'default' | 'every-shop' | 'shop';

/** One account choice: `code` null is "not posted" (an explicit choice, not a missing mapping). */
export interface AccountChoice {
  code: string | null;
  name: string | null;
  taxRate: string | null;
}

/** A saved row of the mapping (the store's st_account_map, shop '' = every shop). */
export interface SavedAccount extends AccountChoice {
  shopId: string;
  key: string;
  updatedAt: number;
  updatedBy: string;
}

/** A key the mapping screen lists: the statement's lines that post, then the counter-entries. */
export interface AccountKey {
  key: string;
  label: string;
  /** `line`: a statement line; `contra`: where the other side of a group of lines goes. */
  role: 'line' | 'contra';
}

export interface EffectiveAccount extends AccountKey, AccountChoice {
  /** Null: neither a saved choice nor a default (the journal refuses until it is set). */
  source: AccountSource | null;
}

/** The counter-entry of every line the marketplace settles: a receivable its payouts clear. */
export const CLEARING_KEY = 'clearing';

/** Where the difference of converting a journal into the books currency goes (lib/reports/journal-convert). */
export const ROUNDING_KEY = 'rounding';

/**
 * Lines bought or paid outside the marketplace have their own counter-entry: cost of goods comes out
 * of inventory (sold goods and the samples given away alike), and the seller's own costs (when they
 * choose to post them) out of what they owe.
 */
const CONTRA_GROUPS: readonly { owns: (key: string) => boolean; key: string; label: string }[] = [
  {
    owns: (key) => key === 'cogs' || key === 'samples.cogs',
    key: 'contra.cogs',
    label: 'Counter-entry of cost of goods (stock sold or given away as samples)',
  },
  {
    owns: (key) => groupOf(key) === 'yours',
    key: 'contra.yours',
    label: 'Counter-entry of your own costs, when you post them',
  },
];

const CONTRA_KEYS: readonly AccountKey[] = [
  {
    key: CLEARING_KEY,
    label: 'Marketplace clearing: the counter-entry of everything the marketplace settles',
    role: 'contra',
  },
  ...CONTRA_GROUPS.map(({ key, label }) => ({ key, label, role: 'contra' as const })),
  {
    key: ROUNDING_KEY,
    label: 'Rounding of a journal converted into your books currency',
    role: 'contra',
  },
];

/**
 * The tax rate of every row whose account names none. A journal of sales already taxed at the order
 * is a reclassification, not a taxable supply, so it must not add tax again; the rate that adds none
 * has a name of its own in each edition of Xero: "Tax Exempt" in the US (and its global edition),
 * "No VAT" in the UK, "BAS Excluded" in Australia, "No GST" in New Zealand. A VAT country of the EU
 * takes the UK's words, the name a VAT organisation's rate of no tax has; the seller changes any of
 * them on the mapping screen, for one shop or every shop.
 */
const TAX_RATE_BY_REGION: Readonly<Record<string, string>> = {
  US: 'Tax Exempt',
  GB: 'No VAT',
  UK: 'No VAT',
  AU: 'BAS Excluded',
  NZ: 'No GST',
  ...Object.fromEntries(
    ['DE', 'FR', 'ES', 'IT', 'IE', 'NL', 'BE', 'AT', 'PT', 'FI', 'SE', 'DK', 'PL', 'CZ', 'LU', 'GR'].map((r) => [
      r,
      'No VAT',
    ]),
  ),
};

/** The default tax rate of a shop's journal rows, by the shop's region (`shopRegion`). */
export function defaultTaxRate(region: string): string {
  return TAX_RATE_BY_REGION[region.trim().toUpperCase()] ?? 'Tax Exempt';
}

/** A default account: its tax rate is the shop's default (`defaultTaxRate`), so null here. */
const account = (code: string, name: string): AccountChoice => ({ code, name, taxRate: null });
const NOT_POSTED: AccountChoice = { code: null, name: null, taxRate: null };

/**
 * The default chart. A statement group's default covers every part the service reports of it
 * (a new fee part is still a marketplace fee); the seller's own cost kinds are listed one by one,
 * because a new kind may be paid anywhere: it stays unmapped until the seller says where it goes.
 */
const GROUP_DEFAULTS: Readonly<Record<string, AccountChoice>> = {
  sales: account('4000', 'Sales'),
  promos: account('4010', 'Promotions and discounts'),
  refunds: account('4020', 'Refunds'),
  cogs: account('5000', 'Cost of goods sold'),
  shipping: account('6100', 'Shipping'),
  fees: account('6200', 'Marketplace fees'),
  affiliate: account('6300', 'Affiliate commission'),
  samples: account('6400', 'Samples (marketing)'),
  [CLEARING_KEY]: account('1210', 'Marketplace clearing'),
  [ROUNDING_KEY]: account('6950', 'Currency conversion rounding'),
};

/**
 * The seller's costs are in their books already from the bills they paid: not posted again. Their
 * counter-entry, when posted, is an accrual rather than accounts payable: QuickBooks asks every
 * payable line for a supplier, which a month's journal has none of.
 */
const KEY_DEFAULTS: Readonly<Record<string, AccountChoice>> = {
  'yours.skuAdSpend': NOT_POSTED,
  'yours.allocatedCosts': NOT_POSTED,
  'yours.shopAdSpend': NOT_POSTED,
  'yours.expenses': NOT_POSTED,
  'yours.charged:fulfilment': NOT_POSTED,
  'contra.cogs': account('1400', 'Inventory'),
  'contra.yours': account('2100', 'Accrued expenses'),
};

/** The key whose account an adjustment part posts to: `adjustments.fees.transactionFee` → `fees.transactionFee`. */
export function accountKeyOf(lineKey: string): string {
  return lineKey.startsWith('adjustments.') ? lineKey.slice('adjustments.'.length) : lineKey;
}

/** The group a key belongs to (`fees.transactionFee` → `fees`, `yours.charged:fulfilment` → `yours`). */
function groupOf(key: string): string {
  return key.split('.')[0]!;
}

/** The default of a key, or undefined when it has none. */
export function defaultAccount(key: string): AccountChoice | undefined {
  if (key in KEY_DEFAULTS) return KEY_DEFAULTS[key];
  if (key.startsWith('yours.') || key.startsWith('contra.')) return undefined;
  return GROUP_DEFAULTS[groupOf(key)];
}

/** The counter-entry key of a posted line: inventory, your costs' own, or the marketplace clearing. */
export function contraKeyOf(key: string): string {
  return CONTRA_GROUPS.find((c) => c.owns(key))?.key ?? CLEARING_KEY;
}

/**
 * The lines of a statement that post (the finest level): a line with parts posts its parts (the
 * `.unsplit` remainder included), a line without parts posts itself, totals and memos never post.
 */
export function postingLines(lines: readonly PnlLineValue[]): PnlLineValue[] {
  const hasParts = (l: PnlLineValue) => lines.some((p) => p.kind === 'part' && p.key.startsWith(`${l.key}.`));
  return lines.filter((l) => l.kind === 'part' || (l.kind === 'line' && !hasParts(l)));
}

/** Every key a journal of this version can post, with the statement's words, then the counter-entries. */
export function accountKeys(): AccountKey[] {
  const all = statementFrame('mine');
  // A part says its line: "Not broken down by the service" is a part of several.
  const parentOf = (key: string) => all.find((l) => l.kind === 'line' && key.startsWith(`${l.key}.`));
  const lines = postingLines(all).map((l) => {
    const parent = l.kind === 'part' ? parentOf(l.key) : undefined;
    return { key: l.key, label: parent ? `${parent.label}: ${l.label}` : l.label, role: 'line' as const };
  });
  return [...lines, ...CONTRA_KEYS];
}

/** The line a part belongs to (`samples.cogs` → `samples`), or null for a key that is no part. */
function lineOf(key: string): string | null {
  const at = key.lastIndexOf('.');
  return at > 0 && !key.startsWith('contra.') ? key.slice(0, at) : null;
}

/**
 * The effective account of a key: this shop's choice, else every shop's, else the choice saved for
 * the line it is a part of (a line split into parts since, as sample orders were, keeps the
 * seller's account), else the default, else none.
 */
function effectiveAccount(key: AccountKey, saved: ReadonlyMap<string, SavedAccount>, shopId: string): EffectiveAccount {
  const line = lineOf(key.key);
  const candidates = [
    { row: saved.get(`${shopId}\u0000${key.key}`), source: 'shop' as const },
    { row: saved.get(`\u0000${key.key}`), source: 'every-shop' as const },
    ...(line
      ? [
          { row: saved.get(`${shopId}\u0000${line}`), source: 'shop' as const },
          { row: saved.get(`\u0000${line}`), source: 'every-shop' as const },
        ]
      : []),
  ];
  const chosen = candidates.find((c) => c.row !== undefined);
  if (chosen?.row)
    return {
      ...key,
      code: chosen.row.code,
      name: chosen.row.name,
      taxRate: chosen.row.taxRate,
      source: chosen.source,
    };
  const fallback = defaultAccount(key.key);
  return fallback ? { ...key, ...fallback, source: 'default' } : { ...key, ...NOT_POSTED, source: null };
}

/** The effective account of any key for one shop, from the saved rows (a key this version does not list is named by itself). */
export function accountsOf(rows: readonly SavedAccount[], shopId: string): (key: string) => EffectiveAccount {
  const saved = new Map(rows.map((r) => [`${r.shopId}\u0000${r.key}`, r]));
  const keys = new Map(accountKeys().map((k) => [k.key, k]));
  return (key) => effectiveAccount(keys.get(key) ?? { key, label: key, role: 'line' }, saved, shopId);
}
