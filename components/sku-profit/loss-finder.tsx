'use client';

import Link from 'next/link';
import { Money } from '@/components/money/money';
import { LOSS_GROUP_LABELS, type LossRow } from '@/lib/reports/loss-finder';
import { skuText, skuTitle } from '@/lib/format/sku';
import { say, sayNodes } from './messages';

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
              {sayNodes(
                'lossLine',
                { margin: { percent: l.margin } },
                {
                  product: <strong>{l.productName}</strong>,
                  sku: (
                    <span className="muted" title={skuTitle(l)}>
                      {skuText(l)}
                    </span>
                  ),
                  profit: <Money cents={l.netProfit} currency={currency} tone />,
                  group: <strong>{LOSS_GROUP_LABELS[l.worstGroup]}</strong>,
                  amount: <Money cents={l.worstGroupCents} currency={currency} />,
                  share:
                    l.worstGroupShare !== null ? (
                      <span className="muted"> {say('lossShare', { share: { percent: l.worstGroupShare } })}</span>
                    ) : null,
                  link: (
                    <Link href={pricingHref(l.sellerSku || l.skuId)} aria-label={`Its break-even price: ${skuText(l)}`}>
                      Its break-even price
                    </Link>
                  ),
                },
              )}
            </li>
          ))}
          {losses.length > 10 ? (
            <li className="muted">{say('lossMore', { count: { count: losses.length - 10 } })}</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
