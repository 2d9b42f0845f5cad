import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import type { PricingRow } from '@/lib/pricing/report';
import { MIN_LINES, type FeePartModel } from '@/lib/pricing/model';
import { DRIFT_PART } from '@/lib/pricing/line';
import { partLabel } from '@/lib/format/labels';

/** A fee part in words: the interface's parts, and the two the model adds (lib/pricing/line). */
const feeWords = (part: string) =>
  part === DRIFT_PART ? 'Expected change at settlement' : part === 'other' ? 'Fees no part names' : partLabel(part);

const perUnit = (cents: number | null, currency: string) =>
  cents === null ? '—' : <Money cents={Math.round(cents)} currency={currency} />;

/** How far a line's own fee is from the learned one, in words: "varies ±12.7 % per order line around it". */
function feeSpreadWords(error: number | null, around: string): string {
  if (error === null) return 'no fee to compare';
  if (error < 0.0005) return `every order line’s fee is exactly ${around}`;
  return `an order line’s fee varies ±${formatPercent(error)} around ${around}`;
}

function feeHow(f: FeePartModel, basisFrom: 'sku' | 'shop', lines: number): string {
  const basis =
    f.basis === 'sales'
      ? 'a share of net sales, so it follows a price change'
      : 'a fixed amount per order line, whatever the price';
  const learned =
    basisFrom === 'shop'
      ? `charged as ${basis} (the shop’s lines say so: ${formatCount(lines)} lines of its own cannot tell, ${MIN_LINES} can)`
      : `charged as ${basis}`;
  return `${learned}; ${feeSpreadWords(f.fitError, 'this')}`;
}

/** A SKU's learned figures, each with how it was learned and from how many lines, in words. */
export function SkuModelDetail({ row, currency }: { row: PricingRow; currency: string }) {
  const m = row.model;
  const from = `from its ${formatCount(m.lines)} lines`;
  const items: [string, React.ReactNode, string][] = [
    ['Units', m.units === null ? '—' : formatCount(Math.round(m.units)), 'gross sales ÷ catalog price, per line'],
    ['Realised price (after promos)', perUnit(m.realisedPrice, currency), 'net sales ÷ units'],
    ['Promos', formatPercent(m.promoShare), `of the list price, ${from}`],
    ...m.fees.map((f): [string, React.ReactNode, string] => [
      `Fee: ${feeWords(f.part)}`,
      f.basis === 'sales' ? formatPercent(f.rate) : <Money cents={Math.round(f.perLine)} currency={currency} />,
      feeHow(f, m.basisFrom, m.lines),
    ]),
    ['Commission', formatPercent(m.commissionRate), `of net sales, ${from}`],
    [
      'Sold through creators',
      formatPercent(m.affiliateShare),
      m.affiliateRate === null
        ? 'of net sales: no commission paid'
        : `of net sales, at ${formatPercent(m.affiliateRate)} commission`,
    ],
    ['Shipping per unit', perUnit(m.shippingPerUnit, currency), from],
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
      m.feeFitError === null ? '—' : `±${formatPercent(m.feeFitError)}`,
      `${feeSpreadWords(m.feeFitError, 'the learned rates')}; in total they are its fees to the cent`,
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
        <p className="muted note">{formatCount(m.estimatedLines)} of its lines are not settled yet.</p>
      ) : null}
    </dl>
  );
}
