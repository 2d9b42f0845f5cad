import type { ReactNode } from 'react';

export interface CostColumn {
  label: string;
  className?: string;
}

/**
 * The table of one kind of cost input (ad spend, expenses, unit costs): a scrollable region with
 * its caption, the columns' headers and an Actions column for each row's RowActions. Rows stack as
 * cards on a phone (`card-*` classes on the cells).
 */
export function CostTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly CostColumn[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table className="data-table cost-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
            <th scope="col" className="card-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
