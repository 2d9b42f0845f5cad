'use client';

import { formatMoney, formatPercent } from '@/lib/format/money';
import { skuText } from '@/lib/format/sku';
import type { PricingReport } from '@/lib/pricing/report';
import type { Adjust, Change } from '@/lib/pricing/replay';
import { formatChanges, parseChanges } from '@/lib/pricing/scenario';
import type { PricingState } from '@/lib/views/pricing';

export interface ScenarioListProps {
  report: PricingReport;
  refused: boolean;
  changes: string | null | undefined;
  currency: string;
  onChange: (change: Partial<Pick<PricingState, 'changes' | 'elasticity'>>) => void;
}

const adjustText = (a: Adjust, currency: string) =>
  'to' in a ? formatMoney(a.to, currency) : `${a.by >= 0 ? '+' : '−'}${formatPercent(Math.abs(a.by))}`;

function describe(c: Change, currency: string): string {
  const out: string[] = [];
  if (c.price) out.push(`price ${adjustText(c.price, currency)}`);
  if (c.promo !== undefined) out.push(`promo ${formatPercent(c.promo)}`);
  if (c.commission !== undefined) out.push(`commission ${formatPercent(c.commission)}`);
  if (c.cogs) out.push(`cost of goods ${adjustText(c.cogs, currency)}`);
  if (c.shipping) out.push(`shipping ${adjustText(c.shipping, currency)}`);
  return out.join(', ');
}

/** A saved scenario's changes in words: "Every SKU: price +5%; SKU-1: promo 10%". */
export function changesInWords(changes: string, currency: string, nameOf: (skuId: string) => string): string {
  const parsed = parseChanges(changes);
  if (typeof parsed === 'string') return parsed;
  const parts = Object.keys(parsed.all).length > 0 ? [`Every SKU: ${describe(parsed.all, currency)}`] : [];
  for (const [id, c] of Object.entries(parsed.skus)) parts.push(`${nameOf(id)}: ${describe(c, currency)}`);
  return parts.join('; ');
}

/** The scenario's changes in words, each removable; the elasticity, labelled as an assumption. */
export function ScenarioList({ report, refused, changes, currency, onChange }: ScenarioListProps) {
  const parsed = changes ? parseChanges(changes) : null;
  if (!parsed || typeof parsed === 'string')
    return (
      <p className="muted note">
        {refused
          ? 'The link’s changes were not applied (see above): the what-if shows the orders as they are.'
          : 'No change yet: the what-if shows the orders as they are.'}
      </p>
    );
  // A link may name a SKU by its id or its seller SKU (lib/pricing/scenario).
  const nameOf = (key: string) => {
    const sku = report.skus.find((x) => x.skuId === key) ?? report.skus.find((x) => x.sellerSku === key);
    return sku ? skuText(sku) : key;
  };
  const remove = (id: string | null) => {
    const next =
      id === null
        ? { ...parsed, all: {} }
        : { ...parsed, skus: Object.fromEntries(Object.entries(parsed.skus).filter(([k]) => k !== id)) };
    onChange({ changes: formatChanges(next) || null });
  };
  const entries: [string | null, Change][] = [
    ...(Object.keys(parsed.all).length > 0 ? [[null, parsed.all] as [null, Change]] : []),
    ...Object.entries(parsed.skus),
  ];
  return (
    <ul className="scenario-list" aria-label="Changes in this scenario">
      {entries.map(([id, c]) => (
        <li key={id ?? '*'}>
          <strong>{id === null ? 'Every SKU' : nameOf(id)}</strong>: {describe(c, currency)}{' '}
          <button type="button" className="link-button" onClick={() => remove(id)}>
            Remove
          </button>
        </li>
      ))}
      {report.scenario.elasticity !== null ? (
        <li>
          Assumed price elasticity {report.scenario.elasticity}: units move by (new price ÷ old)^
          {report.scenario.elasticity}.{' '}
          <button type="button" className="link-button" onClick={() => onChange({ elasticity: null })}>
            Remove
          </button>
        </li>
      ) : null}
      <li>
        <button type="button" className="btn" onClick={() => onChange({ changes: null, elasticity: null })}>
          Clear the scenario
        </button>
      </li>
    </ul>
  );
}
