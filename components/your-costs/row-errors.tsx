import type { CsvRowError } from '@/lib/api/cost-data';
import { formatCountOf } from '@/lib/format/money';

/** Every problem of a file, by line and column, so the seller can fix the file and check again. */
export function RowErrors({ errors, verb = 'imported' }: { errors: readonly CsvRowError[]; verb?: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="alert alert-error row-errors" role="alert">
      <p className="state-title">
        {formatCountOf(errors.length, 'problem')} in the file: nothing can be {verb} until{' '}
        {errors.length === 1 ? 'it is' : 'they are'} fixed.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Problems in the file table">
        <table className="data-table error-table">
          <caption className="visually-hidden">Problems in the file</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Line
              </th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={`${e.row}-${e.column ?? ''}-${i}`} className="card-open">
                <th scope="row" className="num card-title">
                  Line {e.row}
                </th>
                <td className="card-detail" data-label="Column">
                  {e.column ?? <span className="muted">whole line</span>}
                </td>
                <td className="card-detail" data-label="Problem">
                  {e.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
