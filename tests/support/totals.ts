// Every total adds up: a checker that walks EVERY numeric field of a totals object (nested objects
// too, by dotted path) and compares it with the sum of the same field over the rows, or with the
// field's documented rule. The field list comes from the object itself, and the rule maps are typed
// `Record<keyof Totals, …>`, so a field added to a report's totals is checked without anyone
// remembering to add it: TypeScript asks for its rule, and at run time a numeric field with no
// rule is a failure of its own.

/** 'sum': Σ rows[field]. A function: the field's documented rule (null where the figure is undefined). */
export type TotalRule<T, R> = 'sum' | ((totals: T, rows: readonly R[]) => number | null);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numericPaths(value: Record<string, unknown>, prefix: string): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const path = `${prefix}.${key}`;
    if (typeof v === 'number') return [path];
    return isObject(v) ? numericPaths(v, path) : [];
  });
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), value);
}

function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  if (Number.isInteger(a) && Number.isInteger(b)) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

const sumOver = <R>(rows: readonly R[], path: string) =>
  rows.reduce((acc, row) => acc + (Number(at(row, path)) || 0), 0);

/**
 * The fields of `totals` that do not add up, as readable lines (empty when every one does). Every
 * numeric (or null) field needs a rule; a nested object's numeric fields are sums over the rows'
 * same fields when its key's rule is 'sum'.
 */
export function totalsMismatches<T extends object, R>(
  totals: T,
  rows: readonly R[],
  rules: { [K in keyof T]: TotalRule<T, R> },
): string[] {
  const out: string[] = [];
  const ruleMap = rules as Record<string, TotalRule<T, R> | undefined>;
  const fields = totals as Record<string, unknown>;
  for (const key of Object.keys(ruleMap)) if (!(key in fields)) out.push(`${key}: has a rule but is not in the totals`);
  for (const [key, value] of Object.entries(fields)) {
    const rule = ruleMap[key];
    const checked = typeof value === 'number' || value === null || isObject(value);
    if (!checked) continue;
    if (rule === undefined) {
      out.push(`${key}: no rule says how it adds up`);
    } else if (isObject(value)) {
      if (rule !== 'sum') out.push(`${key}: an object of figures needs a 'sum' rule`);
      else
        for (const path of numericPaths(value, key)) {
          const want = sumOver(rows, path);
          if (!same(at(totals, path) as number, want))
            out.push(`${path}: ${String(at(totals, path))}, but the rows sum to ${want}`);
        }
    } else {
      const want = rule === 'sum' ? sumOver(rows, key) : rule(totals, rows);
      if (!same(value as number | null, want)) out.push(`${key}: ${String(value)}, but its rule gives ${want}`);
    }
  }
  return out;
}

export const ratioOrNull = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
