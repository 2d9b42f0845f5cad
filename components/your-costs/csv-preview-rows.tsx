'use client';

import type { ReactNode } from 'react';
import { say } from './messages';

/** How many rows a preview lists; the rest are counted. */
const PREVIEW_ROWS = 100;

export interface CsvPreviewRowsProps<R> {
  /** The table's name ("Rows to import"). */
  label: string;
  headers: readonly { label: string; num?: boolean }[];
  rows: readonly R[];
  /** One `<tr>` of the table. */
  children: (row: R) => ReactNode;
}

/** The rows an import would write, as the server read them (the first hundred, then a count). */
export function CsvPreviewRows<R>({ label, headers, rows, children }: CsvPreviewRowsProps<R>) {
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll csv-rows" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table className="data-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h.label} scope="col" className={h.num ? 'num' : undefined}>
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.slice(0, PREVIEW_ROWS).map(children)}</tbody>
      </table>
      {rows.length > PREVIEW_ROWS ? (
        <p className="note muted">{say('moreRows', { n: { count: rows.length - PREVIEW_ROWS } })}</p>
      ) : null}
    </div>
  );
}

/** What a file's columns must be, one line each. */
export function CsvColumnsHelp({ columns }: { columns: readonly { name: string; meaning: string }[] }) {
  return (
    <ul className="csv-columns">
      {columns.map((c) => (
        <li key={c.name}>
          <code>{c.name}</code>: {c.meaning}
        </li>
      ))}
    </ul>
  );
}
