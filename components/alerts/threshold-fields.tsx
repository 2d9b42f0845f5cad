'use client';

import type { z } from 'zod';
import { RULE_PARAMS, type AlertKind, type RuleParams } from '@/lib/alerts/rules';

// A kind's thresholds as form fields, generated from its defaults: one number input per parameter,
// an optional one where the kind accepts none (null), money typed in major units and sent as cents.

const LABELS: Record<string, string> = {
  days: 'Over the last … days',
  minLines: 'With at least … order lines',
  belowPercent: 'Margin below (%)',
  dropPoints: 'Margin down by more than (points)',
  amount: 'Loses more than',
  percentOfSales: "Refunds above (% of the day's net sales)",
  medianMultiple: 'Refunds above (× the weekday median)',
  dropPercent: 'Profit down more than (%)',
  hours: 'Hours without orders',
  minutes: 'Data older than (minutes)',
};
/** Parameters in cents: typed in the shop currency's major units. */
const MONEY = new Set(['amount']);

function acceptsNone(kind: AlertKind, key: string): boolean {
  const shape = (RULE_PARAMS[kind] as unknown as z.ZodObject).shape as Record<string, z.ZodType | undefined>;
  return shape[key]?.safeParse(null).success ?? false;
}

/** The form's values as the kind's params: empty optional fields are null, money is cents. */
export function readParams(kind: AlertKind, defaults: RuleParams, data: FormData): Record<string, number | null> {
  const params: Record<string, number | null> = {};
  for (const key of Object.keys(defaults)) {
    const text = String(data.get(`param-${key}`) ?? '').trim();
    if (text === '' && acceptsNone(kind, key)) params[key] = null;
    else {
      const value = text === '' ? Number.NaN : Number(text);
      params[key] = MONEY.has(key) ? Math.round(value * 100) : value;
    }
  }
  return params;
}

/** The first sentence the kind's own check gives (the server's check says the same), or null. */
export function paramsProblem(kind: AlertKind, params: Record<string, number | null>): string | null {
  const parsed = RULE_PARAMS[kind].safeParse(params);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the thresholds.');
}

export interface ThresholdFieldsProps {
  kind: AlertKind;
  defaults: RuleParams;
  /** The currency money thresholds are typed in, e.g. "USD" (null: each shop's own). */
  currency: string | null;
}

export function ThresholdFields({ kind, defaults, currency }: ThresholdFieldsProps) {
  return (
    <div className="cost-fields">
      {Object.entries(defaults as Record<string, number | null>).map(([key, value]) => {
        const id = `rule-param-${key}`;
        const money = MONEY.has(key);
        const optional = acceptsNone(kind, key);
        const unit = money ? ` (${currency ?? "each shop's currency"})` : '';
        return (
          <div className="field" key={`${kind}-${key}`}>
            <label htmlFor={id}>
              {LABELS[key] ?? key}
              {unit}
              {optional ? <span className="muted"> (optional)</span> : null}
            </label>
            <input
              id={id}
              name={`param-${key}`}
              className="input"
              type="number"
              inputMode="decimal"
              step="any"
              defaultValue={value === null ? '' : money ? value / 100 : value}
            />
          </div>
        );
      })}
    </div>
  );
}
