'use client';

import type { SentenceValue } from '@/lib/format/sentence';
import { skuText } from '@/lib/format/sku';
import type { PricingReport } from '@/lib/pricing/report';
import type { Adjust, Change } from '@/lib/pricing/replay';
import { formatChanges, parseChanges } from '@/lib/pricing/scenario';
import type { PricingState } from '@/lib/views/pricing';
import { say, sayNodes } from './messages';

export interface ScenarioListProps {
  report: PricingReport;
  refused: boolean;
  changes: string | null | undefined;
  currency: string;
  onChange: (change: Partial<Pick<PricingState, 'changes' | 'elasticity'>>) => void;
}

/** A new amount ("$12.99"), or a change by a share ("+5.0%", "−10.0%"). */
const adjustText = (a: Adjust, currency: string): SentenceValue =>
  'to' in a
    ? { money: a.to, currency }
    : {
        text: say('adjustBy', {
          direction: { text: a.by >= 0 ? 'up' : 'down' },
          share: { percent: Math.abs(a.by) },
        }),
      };

/** A change's parts in words, each one whole ("price +5.0%"), listed with ", ". */
function describe(c: Change, currency: string): string {
  const out: string[] = [];
  if (c.price) out.push(say('changePrice', { adjust: adjustText(c.price, currency) }));
  if (c.promo !== undefined) out.push(say('changePromo', { share: { percent: c.promo } }));
  if (c.commission !== undefined) out.push(say('changeCommission', { share: { percent: c.commission } }));
  if (c.cogs) out.push(say('changeCogs', { adjust: adjustText(c.cogs, currency) }));
  if (c.shipping) out.push(say('changeShipping', { adjust: adjustText(c.shipping, currency) }));
  return out.join(', ');
}

const skuChanges = (sku: string, c: Change, currency: string) =>
  say('skuChanges', { sku: { text: sku }, changes: { text: describe(c, currency) } });

/** A saved scenario's changes in words: "Every SKU: price +5%; SKU-1: promo 10%". */
export function changesInWords(changes: string, currency: string, nameOf: (skuId: string) => string): string {
  const parsed = parseChanges(changes);
  if (typeof parsed === 'string') return parsed;
  const parts = Object.keys(parsed.all).length > 0 ? [skuChanges('Every SKU', parsed.all, currency)] : [];
  for (const [id, c] of Object.entries(parsed.skus)) parts.push(skuChanges(nameOf(id), c, currency));
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
          {sayNodes(
            'skuChanges',
            { changes: { text: describe(c, currency) } },
            { sku: <strong>{id === null ? 'Every SKU' : nameOf(id)}</strong> },
          )}{' '}
          <button type="button" className="link-button" onClick={() => remove(id)}>
            Remove
          </button>
        </li>
      ))}
      {report.scenario.elasticity !== null ? (
        <li>
          {say('assumedElasticity', { elasticity: { text: String(report.scenario.elasticity) } })}{' '}
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
