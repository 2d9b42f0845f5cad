'use client';

import { useState } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import type { Expense } from '@/lib/costs/types';
import { formatDay } from '@/lib/format/time';
import { formatMoney } from '@/lib/format/money';
import { perDayCents, RECURRENCE_LABELS, sortExpenses } from './cost-rows';
import { CostTable, type CostColumn } from './cost-table';
import { RowActions } from './row-actions';
import { ExpenseForm } from './expense-form';
import type { OnSaved } from './use-cost-form';
import { say } from './messages';

const EXPENSE_COLUMNS: readonly CostColumn[] = [
  { label: 'Name', className: 'card-title' },
  { label: 'Amount', className: 'num card-lead' },
  { label: 'Repeats' },
  { label: 'From' },
  { label: 'Until' },
  { label: 'Per day', className: 'num' },
];

export interface ExpensesSectionProps {
  shopId: string;
  currency: string;
  today: string;
  expenses: readonly Expense[];
  onSaved: OnSaved;
}

const PER: Record<Expense['recurrence'], string> = { once: '', monthly: ' / month', yearly: ' / year' };

/** Every other expense of the shop (they are not tied to the range: each has its own days). */
export function ExpensesSection({ shopId, currency, today, expenses, onSaved }: ExpensesSectionProps) {
  const [editing, setEditing] = useState<Expense | null>(null);
  const rows = sortExpenses(expenses);
  const saved: OnSaved = (detail) => {
    setEditing(null);
    onSaved(detail);
  };

  return (
    <section className="card page-card" id="expenses" aria-labelledby="expenses-title">
      <div>
        <h2 id="expenses-title">Other expenses</h2>
        <p className="muted page-summary">
          Costs the marketplace never sees. A monthly or yearly amount is spread evenly over the days of each month or
          year, so any range carries its share.
        </p>
      </div>
      <ExpenseForm
        key={editing?.id ?? 'new'}
        shopId={shopId}
        currency={currency}
        today={today}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
      {rows.length === 0 ? (
        <EmptyState
          title="No other expenses"
          reason="Add rent, software or staff above: they then count in net profit."
        />
      ) : (
        <CostTable label="Other expenses" columns={EXPENSE_COLUMNS}>
          {rows.map((e) => {
            const perDay = perDayCents(e);
            return (
              <tr key={e.id} className="card-open" data-editing={editing?.id === e.id || undefined}>
                <th scope="row" className="card-title cost-name">
                  {e.name}
                </th>
                <td className="num card-lead" data-label="Amount">
                  {formatMoney(e.amountCents, currency)}
                  <span className="muted per">{PER[e.recurrence]}</span>
                </td>
                <td className="card-detail" data-label="Repeats">
                  {RECURRENCE_LABELS[e.recurrence]}
                </td>
                <td className="card-detail nowrap" data-label="From">
                  {formatDay(e.startDay)}
                </td>
                <td className="card-detail nowrap" data-label="Until">
                  {e.recurrence === 'once' ? (
                    <span className="muted">—</span>
                  ) : e.endDay ? (
                    formatDay(e.endDay)
                  ) : (
                    <span className="muted">ongoing</span>
                  )}
                </td>
                <td className="num card-detail" data-label="Per day">
                  {perDay === null ? (
                    <span className="muted">—</span>
                  ) : (
                    say('perDay', { amount: { money: perDay, currency } })
                  )}
                </td>
                <RowActions
                  shopId={shopId}
                  path={`expenses/${encodeURIComponent(e.id)}`}
                  name={e.name}
                  onSaved={onSaved}
                  onEdit={() => setEditing(e)}
                />
              </tr>
            );
          })}
        </CostTable>
      )}
    </section>
  );
}
