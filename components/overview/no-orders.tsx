'use client';

import { say } from './messages';
import { useFrameState } from '@/lib/views/hooks';
import { useViewer } from '@/components/app-shell/viewer';

const NEXT_STEPS = [
  { preset: 'last-30-days', label: 'Show the last 30 days' },
  { preset: 'last-90-days', label: 'Show the last 90 days' },
  { preset: 'year-to-date', label: 'Show the year to date' },
] as const;

export interface NoOrdersProps {
  range: { from: string; to: string };
}

/**
 * The overview of a range without orders or refunds: a sentence and a next step instead of
 * all-zero cards and a chart whose axis means nothing.
 */
export function NoOrders({ range }: NoOrdersProps) {
  const { frame, selectPreset } = useFrameState();
  const { seesProfit } = useViewer();
  const next = NEXT_STEPS.filter((step) => step.preset !== frame.range);
  return (
    <div className="state-block empty-state" role="status">
      <p className="state-title">No orders in this range</p>
      <p className="muted">
        {say('noOrders', { range: { days: range }, profit: { text: seesProfit ? 'yes' : 'no' } })}
      </p>
      <div className="state-actions">
        {next.map((step, i) => (
          <button
            key={step.preset}
            type="button"
            className={i === 0 ? 'btn btn-primary' : 'btn'}
            onClick={() => void selectPreset(step.preset)}
          >
            {step.label}
          </button>
        ))}
      </div>
    </div>
  );
}
