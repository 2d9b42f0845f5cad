'use client';

import { useState } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import type { CostsData } from '@/lib/costs/data';
import type { CostKind, KindField } from '@/lib/costs/kind';
import { itemsOf, type CostKindId } from '@/lib/costs/kinds';
import { formatDay } from '@/lib/format/time';
import { formatMoney } from '@/lib/format/money';
import { skuLabel, type SkuIndex } from './cost-rows';
import { CostTable } from './cost-table';
import { KindForm } from './kind-form';
import { RowActions } from './row-actions';
import type { OnSaved } from './use-cost-form';

/** What every section of the Your costs page gets (a kind's own component, or this generic one). */
export interface KindSectionProps {
  shopId: string;
  currency: string;
  today: string;
  range: { from: string; to: string };
  data: CostsData;
  index: SkuIndex;
  onSaved: OnSaved;
}

/** A cell of the list: money, a day, a choice's words or a SKU's name, as the field describes it. */
function cellText(field: KindField, value: string | number | null, currency: string, index: SkuIndex): string {
  if (value === null || value === '') return field.input === 'sku' ? 'Every SKU' : '—';
  if (field.input === 'money') return formatMoney(Number(value), currency);
  if (field.input === 'date') return formatDay(String(value));
  if (field.input === 'choice') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  const sku = index.bySku.get(String(value));
  return sku ? skuLabel(sku) : `SKU ${value}`;
}

/** The entries of a kind the registry describes (lib/costs/kinds `form`), its form above them. */
export function KindSection({ kind, ...props }: KindSectionProps & { kind: CostKind }) {
  const { shopId, currency, today, data, index, onSaved } = props;
  const [editing, setEditing] = useState<{ id: string } | null>(null);
  const form = kind.form!;
  const items = itemsOf(data.inputs, kind.id as CostKindId);
  const saved: OnSaved = (detail) => {
    setEditing(null);
    onSaved(detail);
  };
  const columns = form.fields.map((f, i) => ({
    label: f.label,
    className: i === 0 ? 'card-title' : f.input === 'money' ? 'num card-lead' : undefined,
  }));

  return (
    <section className="card page-card" id={kind.path} aria-labelledby={`${kind.path}-title`}>
      <div>
        <h2 id={`${kind.path}-title`}>{kind.labels.title}</h2>
        <p className="muted page-summary">{form.intro}</p>
      </div>
      <KindForm
        key={editing?.id ?? 'new'}
        kind={kind}
        shopId={shopId}
        currency={currency}
        today={today}
        skus={data.skus}
        index={index}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
      {items.length === 0 ? (
        <EmptyState title={`No ${kind.labels.many}`} reason={`Add one above: it then counts in net profit.`} />
      ) : (
        <CostTable label={kind.labels.title} columns={columns}>
          {items.map((item) => {
            const cells = form.cells(item);
            const texts = form.fields.map((f) => cellText(f, cells[f.name] ?? null, currency, index));
            return (
              <tr key={item.id} className="card-open" data-editing={editing?.id === item.id || undefined}>
                {form.fields.map((f, i) =>
                  i === 0 ? (
                    <th key={f.name} scope="row" className="card-title">
                      {texts[i]}
                    </th>
                  ) : (
                    <td
                      key={f.name}
                      className={f.input === 'money' ? 'num card-lead' : 'card-detail nowrap'}
                      data-label={f.label}
                    >
                      {texts[i]}
                    </td>
                  ),
                )}
                <RowActions
                  shopId={shopId}
                  path={`${kind.path}/${encodeURIComponent(item.id)}`}
                  name={`${kind.labels.one} ${texts.join(', ')}`}
                  onSaved={onSaved}
                  onEdit={() => setEditing(item)}
                />
              </tr>
            );
          })}
        </CostTable>
      )}
    </section>
  );
}
