// How an import or a restore names the lines it refuses: shared by the server's answers and the
// page's dialogs, without the CSV reader (papaparse) or the registry.

/** A backup row naming a SKU or product the shop does not have. */
export interface UnmatchedRow {
  row: number;
  /** "SKU 1729…", "product 1729…". */
  names: string;
}

/** "lines 4 and 9, 12, 13 and 20": the duplicate groups, said plainly. */
export function describeDuplicates(groups: readonly number[][]): string {
  const group = (lines: readonly number[]) => `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
  return groups.map((g) => `lines ${group(g)}`).join('; ');
}

/** "line 4 (SKU 99), line 7 (product 12)", and how many more when the list is long. */
export function describeUnmatched(rows: readonly UnmatchedRow[], max = 10): string {
  const shown = rows.slice(0, max).map((r) => `line ${r.row} (${r.names})`);
  return rows.length > max ? `${shown.join(', ')} and ${rows.length - max} more` : shown.join(', ');
}
