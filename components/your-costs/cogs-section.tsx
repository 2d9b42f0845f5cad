'use client';

import { useState } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import type { CostSku } from '@/lib/costs/data';
import type { CogsEntry } from '@/lib/costs/types';
import { formatDay } from '@/lib/format/time';
import { formatMoney } from '@/lib/format/money';
import { cogsRows, skuLabel, type SkuIndex } from './cost-rows';
import { CogsForm } from './cogs-form';
import { CostTable, type CostColumn } from './cost-table';
import { RowActions } from './row-actions';
import type { OnSaved } from './use-cost-form';
import { say } from './messages';

const COGS_COLUMNS: readonly CostColumn[] = [
  { label: 'SKU', className: 'card-title' },
  { label: 'Your unit cost', className: 'num card-lead' },
  { label: 'From' },
  { label: "Service's unit cost", className: 'num' },
  { label: 'Price', className: 'num' },
];

export interface CogsSectionProps {
  shopId: string;
  currency: string;
  today: string;
  entries: readonly CogsEntry[];
  skus: readonly CostSku[];
  index: SkuIndex;
  onSaved: OnSaved;
}

/** The seller's own unit costs by SKU and start day, beside the service's catalog figure. */
export function CogsSection({ shopId, currency, today, entries, skus, index, onSaved }: CogsSectionProps) {
  const [editing, setEditing] = useState<CogsEntry | null>(null);
  const rows = cogsRows(entries, index, today);
  const saved: OnSaved = (detail) => {
    setEditing(null);
    onSaved(detail);
  };
  const money = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? <span className="muted">—</span> : formatMoney(cents, currency);

  return (
    <section className="card page-card" id="cogs" aria-labelledby="cogs-title">
      <div>
        <h2 id="cogs-title">Cost of goods by SKU</h2>
        <p className="muted page-summary">
          When the service&apos;s cost of goods is missing or wrong, set your own: from its day on, orders of that SKU
          use your unit cost times the units sold. An earlier entry stays in force until the next one starts.
        </p>
      </div>
      <CogsForm
        key={editing?.id ?? 'new'}
        shopId={shopId}
        currency={currency}
        today={today}
        skus={skus}
        index={index}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
      {rows.length === 0 ? (
        <EmptyState
          title="No unit costs of your own"
          reason="Every SKU uses the service's cost of goods. Choose a SKU above to set yours."
        />
      ) : (
        <CostTable label="Unit costs by SKU" columns={COGS_COLUMNS}>
          {rows.map(({ entry, sku, current }) => {
            const name = say('cogsRow', {
              sku: { text: sku ? skuLabel(sku) : entry.skuId },
              day: { day: entry.fromDay },
            });
            return (
              <tr key={entry.id} className="card-open" data-editing={editing?.id === entry.id || undefined}>
                <th scope="row" className="card-title">
                  <span className="cost-target">
                    {sku ? skuLabel(sku) : `SKU ${entry.skuId}`}
                    <span className="muted cost-target-detail">
                      {sku?.sellerSku || (sku ? '' : 'not in the catalog')}
                    </span>
                  </span>
                </th>
                <td className="num card-lead" data-label="Your unit cost">
                  {formatMoney(entry.unitCostCents, currency)}
                </td>
                <td className="card-detail nowrap" data-label="From">
                  {formatDay(entry.fromDay)}
                  {current ? <span className="badge badge-info in-force">in force</span> : null}
                </td>
                <td className="num card-detail" data-label="Service's unit cost">
                  {sku ? <>service: {money(sku.serviceUnitCogsCents)}</> : money(null)}
                </td>
                <td className="num card-detail" data-label="Price">
                  {money(sku?.priceCents)}
                </td>
                <RowActions
                  shopId={shopId}
                  path={`cogs/${encodeURIComponent(entry.id)}`}
                  name={name}
                  onSaved={onSaved}
                  onEdit={() => setEditing(entry)}
                />
              </tr>
            );
          })}
        </CostTable>
      )}
    </section>
  );
}
