'use client';

import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import type { CostsData } from '@/lib/costs/data';
import type { AdSpend } from '@/lib/costs/types';
import { formatDay } from '@/lib/format/time';
import { formatMoney } from '@/lib/format/money';
import { adSpendOfRange, adSpendTarget, type SkuIndex } from './cost-rows';
import { AdSpendForm } from './ad-spend-form';
import { CsvImportDialog } from './csv-import-dialog';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { CostTable, type CostColumn } from './cost-table';
import { RowActions } from './row-actions';
import type { OnSaved } from './use-cost-form';
import { say } from './messages';

const AD_SPEND_COLUMNS: readonly CostColumn[] = [
  { label: 'Day', className: 'card-title' },
  { label: 'Amount', className: 'num card-lead' },
  { label: 'Spent on' },
  { label: 'Campaign' },
];

export interface AdSpendSectionProps {
  shopId: string;
  currency: string;
  today: string;
  range: { from: string; to: string };
  data: CostsData;
  index: SkuIndex;
  onSaved: OnSaved;
}

/** The range's ad spend, newest first, with the form to add or edit one and the CSV import. */
export function AdSpendSection({ shopId, currency, today, range, data, index, onSaved }: AdSpendSectionProps) {
  const [editing, setEditing] = useState<AdSpend | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = useMemo(
    () => adSpendOfRange(data.inputs.adSpend, range.from, range.to),
    [data.inputs.adSpend, range.from, range.to],
  );
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const saved: OnSaved = (detail) => {
    setEditing(null);
    onSaved(detail);
  };

  return (
    <section className="card page-card" id="ad-spend" aria-labelledby="ad-spend-title">
      <div className="page-heading">
        <div>
          <h2 id="ad-spend-title">Ad spend</h2>
          <p className="muted page-summary">
            {say('adSpendSummary', {
              range: { days: range },
              entries: { count: rows.length },
              total: { money: total, currency },
            })}
          </p>
        </div>
        <div className="page-actions">
          <button type="button" className="btn" onClick={() => setImporting(true)}>
            Import CSV
          </button>
        </div>
      </div>
      <AdSpendForm
        key={editing?.id ?? 'new'}
        shopId={shopId}
        currency={currency}
        today={today}
        skus={data.skus}
        index={index}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
      {rows.length === 0 ? (
        <EmptyState title="No ad spend in this range" reason={say('adSpendEmpty', { range: { days: range } })} />
      ) : (
        <CostTable label="Ad spend entries" columns={AD_SPEND_COLUMNS}>
          {rows.map((row) => {
            const target = adSpendTarget(row, index);
            const name = say('adSpendRow', { amount: { money: row.amountCents, currency }, day: { day: row.day } });
            return (
              <tr key={row.id} className="card-open" data-editing={editing?.id === row.id || undefined}>
                <th scope="row" className="card-title nowrap">
                  {formatDay(row.day)}
                </th>
                <td className="num card-lead" data-label="Amount">
                  {formatMoney(row.amountCents, currency)}
                </td>
                <td className="card-detail" data-label="Spent on">
                  <span className="cost-target">
                    {target.title}
                    {target.detail ? <span className="muted cost-target-detail">{target.detail}</span> : null}
                  </span>
                </td>
                <td className="card-detail" data-label="Campaign">
                  {row.campaign ?? <span className="muted">—</span>}
                </td>
                <RowActions
                  shopId={shopId}
                  path={`ad-spend/${encodeURIComponent(row.id)}`}
                  name={name}
                  onSaved={onSaved}
                  onEdit={() => setEditing(row)}
                />
              </tr>
            );
          })}
        </CostTable>
      )}
      {importing ? (
        <CsvImportDialog
          kind={AD_SPEND_KIND}
          shopId={shopId}
          currency={currency}
          today={today}
          skus={data.skus}
          index={index}
          onSaved={onSaved}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </section>
  );
}
