import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import type { PricingRow } from '@/lib/pricing/report';
import { MIN_LINES } from '@/lib/pricing/model';
import { DRIFT_PART } from '@/lib/pricing/line';
import { partLabel } from '@/lib/format/labels';

/** A fee part in words: the interface's parts, and the two the model adds (lib/pricing/line). */
const feeWords = (part: string) =>
  part === DRIFT_PART ? 'Expected change at settlement' : part === 'other' ? 'Fees no part names' : partLabel(part);

const perUnit = (cents: number | null, currency: string) =>
  cents === null ? '—' : <Money cents={Math.round(cents)} currency={currency} />;

/** A SKU's learned figures, each with how it was learned and from how many lines. */
export function SkuModelDetail({ row, currency }: { row: PricingRow; currency: string }) {
  const m = row.model;
  const from =
    m.sharesFrom === 'sku'
      ? `from its ${formatCount(m.lines)} lines`
      : `the shop’s (only ${formatCount(m.lines)} lines; ${MIN_LINES} needed)`;
  const items: [string, React.ReactNode, string][] = [
    ['Units', m.units === null ? '—' : formatCount(Math.round(m.units)), 'gross sales ÷ catalog price, per line'],
    ['Realised price (after promos)', perUnit(m.realisedPrice, currency), 'net sales ÷ units'],
    ['Promos', formatPercent(m.promoShare), `of the list price, ${from}`],
    ...m.fees.map((f): [string, React.ReactNode, string] => [
      `Fee: ${feeWords(f.part)}`,
      f.basis === 'sales' ? formatPercent(f.rate) : <Money cents={Math.round(f.perLine)} currency={currency} />,
      `${f.basis === 'sales' ? 'of net sales' : 'per order line'}, fit error ${f.fitError === null ? '—' : formatPercent(f.fitError)}, ${from}`,
    ]),
    ['Commission', formatPercent(m.commissionRate), `of net sales, ${from}`],
    [
      'Sold through creators',
      formatPercent(m.affiliateShare),
      m.affiliateRate === null ? 'no commission paid' : `at ${formatPercent(m.affiliateRate)} of those sales`,
    ],
    ['Shipping per unit', perUnit(m.shippingPerUnit, currency), `from its ${formatCount(m.lines)} lines`],
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
    ['Fee model error', m.feeFitError === null ? '—' : formatPercent(m.feeFitError), 'per line, against its own fees'],
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
        <p className="muted note">{formatCount(m.estimatedLines)} of its lines are not settled yet.</p>
      ) : null}
    </dl>
  );
}
