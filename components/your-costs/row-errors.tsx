import type { CsvRowError } from '@/lib/costs/data';
import { say } from './messages';

function ProblemTable({ problems, label }: { problems: readonly CsvRowError[]; label: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table className="data-table error-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Column</th>
            <th scope="col">{label.startsWith('Problems') ? 'Problem' : 'Check'}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((e, i) => (
            <tr key={`${e.row}-${e.column ?? ''}-${i}`} className="card-open">
              <th scope="row" className="num card-title">
                Line {e.row}
              </th>
              <td className="card-detail" data-label="Column">
                {e.column ?? <span className="muted">whole line</span>}
              </td>
              <td className="card-detail" data-label={label.startsWith('Problems') ? 'Problem' : 'Check'}>
                {e.message}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every problem of a file, by line and column, so the seller can fix the file and check again. */
export function RowErrors({ errors, verb = 'imported' }: { errors: readonly CsvRowError[]; verb?: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="alert alert-error row-errors" role="alert">
      <p className="state-title">{say('rowErrors', { n: { count: errors.length }, verb: { text: verb } })}</p>
      <ProblemTable problems={errors} label="Problems in the file" />
    </div>
  );
}

/** Lines accepted as they are but worth a look (a day far ahead), so a mistyped date is seen before it counts. */
export function RowWarnings({ warnings, verb = 'imported' }: { warnings: readonly CsvRowError[]; verb?: string }) {
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warning row-errors" role="status">
      <p className="state-title">{say('rowWarnings', { n: { count: warnings.length }, verb: { text: verb } })}</p>
      <ProblemTable problems={warnings} label="Lines to check" />
    </div>
  );
}
