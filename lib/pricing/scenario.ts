import type { Adjust, Change, Scenario } from './replay';

// A scenario as text, so a URL holds it and a copied link reopens it (docs/ARCHITECTURE.md#pricing):
//   *:price+5%;SKU-1:price=12.99,promo=10%,commission=15%,cogs=4.20,shipping-10%
// `*` is every SKU; a SKU is its id or its seller SKU, URI-encoded. price, cogs and shipping take
// `=amount` (per unit) or `+p%`/`-p%`; promo and commission take `=p%`. Amounts are in the shop's
// currency, 2 decimals. Every refusal is a sentence that quotes what it refuses.

/** A saved scenario's name, at most this long (the save form and the saved scenarios' body, ./scenario-schemas). */
export const SCENARIO_NAME_MAX = 80;

const ADJUSTS = ['price', 'cogs', 'shipping'] as const;
const RATES = ['promo', 'commission'] as const;
const FIELDS: readonly string[] = [...ADJUSTS, ...RATES];

/** Cents ↔ text without float drift: "12.99" → 1299. */
function amountCents(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
const centsText = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function percent(text: string): number | null {
  const m = /^(\d{1,3}(?:\.\d{1,2})?)%$/.exec(text);
  return m ? Number(m[1]) / 100 : null;
}
const percentText = (f: number) => `${Number((f * 100).toFixed(2))}%`;

function parseChange(text: string): Change | string {
  const change: Change = {};
  for (const raw of text.split(',')) {
    const item = raw.trim();
    // A `+` typed into an address bar reaches the server as a space (form encoding): read it as the plus.
    const m = /^([a-z]+)\s*([=+\s-])\s*(.+)$/.exec(item);
    if (!m || !FIELDS.includes(m[1]!))
      return `"${item}" is not a change: write price, promo, commission, cogs or shipping, like price+5% or promo=10%.`;
    const [, field, sign, value] = m as unknown as [string, string, string, string];
    const op = /\s/.test(sign) ? '+' : sign;
    if ((RATES as readonly string[]).includes(field)) {
      const p = op === '=' ? percent(value) : null;
      if (p === null || p >= 1) return `"${item}": ${field} takes a percent from 0 to below 100, like ${field}=10%.`;
      change[field as (typeof RATES)[number]] = p;
      continue;
    }
    let adjust: Adjust | null = null;
    if (op === '=') {
      const c = amountCents(value);
      adjust = c === null || (field === 'price' && c === 0) ? null : { to: c };
    } else {
      const p = percent(value);
      adjust = p === null || (op === '-' && p >= 1) ? null : { by: op === '-' ? -p : p };
    }
    if (!adjust)
      return `"${item}": ${field} takes an amount${field === 'price' ? ' above 0' : ''} (${field}=12.99) or a percent change (${field}+5%, ${field}-10%, less than -100%).`;
    change[field as (typeof ADJUSTS)[number]] = adjust;
  }
  return change;
}

/** The scenario of a `changes` text, or the sentence saying what is wrong with it. */
export function parseChanges(text: string): Omit<Scenario, 'elasticity'> | string {
  const out: Omit<Scenario, 'elasticity'> = { all: {}, skus: {} };
  for (const entry of text.split(';').map((e) => e.trim())) {
    if (entry === '') continue;
    const at = entry.indexOf(':');
    if (at <= 0) return `"${entry}" needs a SKU (or * for every SKU) before a colon, like *:price+5%.`;
    const change = parseChange(entry.slice(at + 1));
    if (typeof change === 'string') return change;
    const who = entry.slice(0, at).trim();
    if (who === '*') out.all = { ...out.all, ...change };
    else {
      let id: string;
      try {
        id = decodeURIComponent(who);
      } catch {
        return `"${who}" is not a SKU: a SKU's id or seller SKU, its special characters URI-encoded.`;
      }
      out.skus[id] = { ...out.skus[id], ...change };
    }
  }
  return out;
}

/** A SKU as a scenario may name it: by its id, or by its seller SKU when exactly one SKU has it. */
export interface ScenarioSku {
  skuId: string;
  sellerSku: string;
}

/**
 * The scenario with every SKU it names as the shop's SKU id, or the sentence naming the first it
 * cannot place: a change to a SKU the shop does not have never vanishes silently.
 */
export function resolveScenarioSkus<S extends Omit<Scenario, 'elasticity'>>(
  scenario: S,
  skus: readonly ScenarioSku[],
): S | string {
  const ids = new Set(skus.map((s) => s.skuId));
  const bySellerSku = new Map<string, string[]>();
  for (const s of skus)
    if (s.sellerSku) bySellerSku.set(s.sellerSku, [...(bySellerSku.get(s.sellerSku) ?? []), s.skuId]);
  const out: Record<string, Change> = {};
  for (const [key, change] of Object.entries(scenario.skus)) {
    const found = ids.has(key) ? [key] : (bySellerSku.get(key) ?? []);
    if (found.length === 0) return `"${key}" is not a SKU of this shop (neither a SKU id nor a seller SKU).`;
    if (found.length > 1)
      return `"${key}" is the seller SKU of ${found.length} SKUs of this shop: name one by its SKU id (${found.join(', ')}).`;
    out[found[0]!] = { ...out[found[0]!], ...change };
  }
  return { ...scenario, skus: out };
}

function changeText(c: Change): string {
  const parts: string[] = [];
  for (const f of ADJUSTS) {
    const a = c[f];
    if (!a) continue;
    parts.push('to' in a ? `${f}=${centsText(a.to)}` : `${f}${a.by < 0 ? '-' : '+'}${percentText(Math.abs(a.by))}`);
  }
  for (const f of RATES) if (c[f] !== undefined) parts.push(`${f}=${percentText(c[f]!)}`);
  return parts.join(',');
}

/** The `changes` text of a scenario (what parseChanges reads back). */
export function formatChanges(s: Omit<Scenario, 'elasticity'>): string {
  const entries: string[] = [];
  const all = changeText(s.all);
  if (all) entries.push(`*:${all}`);
  for (const [id, c] of Object.entries(s.skus)) {
    const text = changeText(c);
    if (text) entries.push(`${encodeURIComponent(id)}:${text}`);
  }
  return entries.join(';');
}
