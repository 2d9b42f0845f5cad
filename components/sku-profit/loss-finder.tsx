'use client';

import Link from 'next/link';
import { Money } from '@/components/money/money';
import { formatPercent } from '@/lib/format/money';
import { LOSS_GROUP_LABELS, type LossRow } from '@/lib/reports/loss-finder';
import { skuText, skuTitle } from '@/lib/format/sku';

export interface LossFinderProps {
  losses: LossRow[];
  currency: string;
  /** The Pricing page narrowed to a SKU (its break-even price, the what-if). */
  pricingHref: (q: string) => string;
}

/** SKUs that lose money, each with the cost group that hurts most. */
export function LossFinder({ losses, currency, pricingHref }: LossFinderProps) {
  return (
    <section aria-labelledby="loss-finder-title" className="card loss-finder">
      <h2 id="loss-finder-title" className="subheading">
        Loss finder
      </h2>
      {losses.length === 0 ? (
        <p className="muted note">No SKU has a negative margin in this range.</p>
      ) : (
        <ul className="loss-list">
          {losses.slice(0, 10).map((l) => (
            <li key={l.skuId}>
              <strong>{l.productName}</strong>{' '}
              <span className="muted" title={skuTitle(l)}>
                {skuText(l)}
              </span>{' '}
              · <Money cents={l.netProfit} currency={currency} tone /> ({formatPercent(l.margin)} margin). Hurts most:{' '}
              <strong>{LOSS_GROUP_LABELS[l.worstGroup]}</strong> <Money cents={l.worstGroupCents} currency={currency} />
              {l.worstGroupShare !== null ? (
                <span className="muted"> ({formatPercent(l.worstGroupShare)} of gross sales)</span>
              ) : null}{' '}
              <Link href={pricingHref(l.sellerSku || l.skuId)} aria-label={`Its break-even price: ${skuText(l)}`}>
                Its break-even price
              </Link>
            </li>
          ))}
          {losses.length > 10 ? (
            <li className="muted">…and {losses.length - 10} more (sort the table by margin).</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
