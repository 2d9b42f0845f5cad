import { formatMoney, toneOf } from '@/lib/format/money';
import type { Cents } from '@/lib/profit';

export interface MoneyProps {
  cents: Cents;
  currency: string;
  /** Colour the figure by its sign (profit figures); costs stay neutral to keep the page calm. */
  tone?: boolean;
  signAlways?: boolean;
}

/** A money figure: tabular digits, a visible minus on losses, red when a profit figure is a loss. */
export function Money({ cents, currency, tone = false, signAlways = false }: MoneyProps) {
  const className = tone ? toneOf(cents) : undefined;
  return <span className={className}>{formatMoney(cents, currency, { signAlways })}</span>;
}
