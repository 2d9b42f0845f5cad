import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import type { PricingRow } from '@/lib/pricing/report';
import { MIN_LINES, type FeePartModel } from '@/lib/pricing/model';
import { DRIFT_PART } from '@/lib/pricing/line';
import { partLabel } from '@/lib/format/labels';
import { say } from './messages';

/** A fee part in words: the interface's parts, and the two the model adds (lib/pricing/line). */
const feeWords = (part: string) =>
  part === DRIFT_PART ? 'Expected change at settlement' : part === 'other' ? 'Fees no part names' : partLabel(part);

const perUnit = (cents: number | null, currency: string) =>
  cents === null ? '—' : <Money cents={Math.round(cents)} currency={currency} />;

/** How far a line's own fee is from the learned one: none to compare, exactly it, or "varies ±12.7%". */
function feeSpread(error: number | null) {
  const spread = error === null ? 'none' : error < 0.0005 ? 'exact' : 'varies';
  return { spread: { text: spread }, ...(error === null ? {} : { error: { percent: error } }) };
}

const feeHow = (f: FeePartModel, basisFrom: 'sku' | 'shop', lines: number): string =>
  say('feeHow', {
    basis: { text: f.basis },
    from: { text: basisFrom },
    lines: { count: lines },
    min: { count: MIN_LINES },
    ...feeSpread(f.fitError),
  });

/** A SKU's learned figures, each with how it was learned and from how many lines, in words. */
export function SkuModelDetail({ row, currency }: { row: PricingRow; currency: string }) {
  const m = row.model;
  const lines = { lines: { count: m.lines } };
  const items: [string, React.ReactNode, string][] = [
    ['Units', m.units === null ? '—' : formatCount(Math.round(m.units)), 'gross sales ÷ catalog price, per line'],
    ['Realised price (after promos)', perUnit(m.realisedPrice, currency), 'net sales ÷ units'],
    ['Promos', formatPercent(m.promoShare), say('promoHow', lines)],
    ...m.fees.map((f): [string, React.ReactNode, string] => [
      `Fee: ${feeWords(f.part)}`,
      f.basis === 'sales' ? formatPercent(f.rate) : <Money cents={Math.round(f.perLine)} currency={currency} />,
      feeHow(f, m.basisFrom, m.lines),
    ]),
    ['Commission', formatPercent(m.commissionRate), say('commissionHow', lines)],
    [
      'Sold through creators',
      formatPercent(m.affiliateShare),
      m.affiliateRate === null
        ? 'of net sales: no commission paid'
        : say('affiliateHow', { rate: { percent: m.affiliateRate } }),
    ],
    ['Shipping per unit', perUnit(m.shippingPerUnit, currency), say('fromLines', lines)],
    [
      'Cost of goods per unit',
      perUnit(m.cogsPerUnit, currency),
      m.cogsSource === 'input'
        ? 'yours'
        : m.cogsSource === 'mixed'
          ? 'yours where set, else the service’s'
          : 'the service’s',
    ],
    ['Ad spend per unit', perUnit(m.adSpendPerUnit, currency), 'your ad spend on the SKU'],
    ['Other costs per unit', perUnit(m.otherCostsPerUnit, currency), 'fulfilment and packaging, allocated costs'],
    [
      'How well the fees fit',
      m.feeFitError === null ? '—' : say('plusMinus', { error: { percent: m.feeFitError } }),
      say('feeFit', feeSpread(m.feeFitError)),
    ],
  ];
  return (
    <dl className="pricing-model">
      {items.map(([label, value, how]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value} <span className="muted">{how}</span>
          </dd>
        </div>
      ))}
      {m.estimatedLines > 0 ? (
        <p className="muted note">{say('estimatedLines', { estimated: { count: m.estimatedLines } })}</p>
      ) : null}
    </dl>
  );
}
