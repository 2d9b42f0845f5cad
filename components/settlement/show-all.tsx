import { useState, type ReactNode } from 'react';
import { say } from './messages';

/** Rows shown before "Show all": the first ones by the table's order (a phone stacks each row as a card). */
const FIRST_ROWS = 15;

/** The rows to show and, when there are more than the first ones, the button that shows them all (or folds them again). */
export function useShowAll<T>(rows: readonly T[], noun: string): { shown: readonly T[]; toggle: ReactNode } {
  const [all, setAll] = useState(false);
  if (rows.length <= FIRST_ROWS) return { shown: rows, toggle: null };
  return {
    shown: all ? rows : rows.slice(0, FIRST_ROWS),
    toggle: (
      <p>
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all
            ? say('showFirst', { count: { count: FIRST_ROWS }, noun: { text: noun } })
            : say('showAll', { count: { count: rows.length }, noun: { text: noun } })}
        </button>
      </p>
    ),
  };
}
