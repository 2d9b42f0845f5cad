/**
 * Splits rows into batches for multi-row INSERTs: SQLite and PostgreSQL both cap the number of
 * bound parameters in one statement, so a large write goes in several.
 */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
