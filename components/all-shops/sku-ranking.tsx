'use client';

import { Money } from '@/components/money/money';
import type { RankedSku, SkuRanking as Ranking } from '@/lib/all-shops/all-shops';
import { say } from './messages';

function RankList({ title, rows, currency }: { title: string; rows: RankedSku[]; currency: string }) {
  return (
    <div className="top-skus">
      <h3 className="subheading">{title}</h3>
      {rows.length === 0 ? (
        <p className="muted note">No SKU.</p>
      ) : (
        <ol className="rank-list">
          {rows.map((r) => (
            <li key={r.key}>
              <span className="rank-name">
                {r.productName}
                {r.skuName ? ` · ${r.skuName}` : ''}
                <span className="own-figure muted">
                  {r.sellerSku ? `${r.sellerSku} · ` : ''}
                  {r.shops.map((s) => s.shopName).join(', ')} · {say('skuLines', { lines: { count: r.lines } })}
                </span>
              </span>
              <span className="num">
                <Money cents={r.netProfit} currency={currency} tone />
                <span className="own-figure muted">{say('skuMargin', { margin: { percent: r.margin } })}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export interface SkuRankingProps {
  ranking: Ranking;
  currency: string;
  leftOut: string[];
}

/** The best and worst SKUs over every shop, by net profit in the target currency. */
export function SkuRanking({ ranking, currency, leftOut }: SkuRankingProps) {
  return (
    <section aria-labelledby="sku-ranking-title" className="page-card">
      <h2 id="sku-ranking-title" className="subheading">
        {say('skusTitle', { count: { count: ranking.count }, currency: { text: currency } })}
      </h2>
      <p className="muted note">
        {ranking.merge === 'sellerSku'
          ? 'The same seller SKU in several shops is one row: its shops’ figures, each converted with its shop’s rate, added up.'
          : 'One row per shop and SKU.'}
        {leftOut.length > 0 ? ` Without ${leftOut.join(', ')} (no rate).` : ''}
      </p>
      <div className="top-skus-row">
        <RankList title="Top 10" rows={ranking.top} currency={currency} />
        <RankList title="Bottom 10" rows={ranking.bottom} currency={currency} />
      </div>
    </section>
  );
}
