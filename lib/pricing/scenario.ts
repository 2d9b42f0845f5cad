import type { Adjust, Change, Scenario } from './replay';

// A scenario as text, so a URL holds it and a copied link reopens it (docs/ARCHITECTURE.md#pricing):
//   *:price+5%;SKU-1:price=12.99,promo=10%,commission=15%,cogs=4.20,shipping-10%
// `*` is every SKU; a SKU id is URI-encoded. price, cogs and shipping take `=amount` (per unit) or
// `+p%`/`-p%`; promo and commission take `=p%`. Amounts are in the shop's currency, 2 decimals.

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
  for (const item of text.split(',')) {
    const m = /^([a-z]+)([=+-])(.+)$/.exec(item);
    if (!m || !FIELDS.includes(m[1]!)) return `"${item}" is not a change (price, promo, commission, cogs or shipping).`;
    const [, field, op, value] = m as unknown as [string, string, string, string];
    if ((RATES as readonly string[]).includes(field)) {
      const p = op === '=' ? percent(value) : null;
      if (p === null || p >= 1) return `${field} takes a percent below 100, like ${field}=10%.`;
      change[field as (typeof RATES)[number]] = p;
      continue;
    }
    let adjust: Adjust | null = null;
    if (op === '=') {
      const c = amountCents(value);
      adjust = c === null ? null : { to: c };
    } else {
      const p = percent(value);
      adjust = p === null || (op === '-' && p >= 1) ? null : { by: op === '-' ? -p : p };
    }
    if (!adjust) return `${field} takes an amount (${field}=12.99) or a percent change (${field}+5%).`;
    change[field as (typeof ADJUSTS)[number]] = adjust;
  }
  return change;
}

/** The scenario of a `changes` text, or the sentence saying what is wrong with it. */
export function parseChanges(text: string): Omit<Scenario, 'elasticity'> | string {
  const out: Omit<Scenario, 'elasticity'> = { all: {}, skus: {} };
  for (const entry of text.split(';').filter((e) => e.trim() !== '')) {
    const at = entry.indexOf(':');
    if (at <= 0) return `"${entry}" needs a SKU (or * for every SKU) before a colon.`;
    const change = parseChange(entry.slice(at + 1));
    if (typeof change === 'string') return change;
    const who = entry.slice(0, at);
    if (who === '*') out.all = { ...out.all, ...change };
    else {
      const id = decodeURIComponent(who);
      out.skus[id] = { ...out.skus[id], ...change };
    }
  }
  return out;
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
