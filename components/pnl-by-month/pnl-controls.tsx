'use client';

import { ProfitSwitches } from '@/components/cost-view/profit-switches';

type Change = {
  cancelled?: 'exclude' | 'include';
  samples?: 'separate' | 'include';
  share?: 'off' | 'on';
};

export interface PnlControlsProps {
  view: { cancelled: 'exclude' | 'include'; samples: 'separate' | 'include'; share: 'off' | 'on' };
  onChange: (change: Change) => void;
}

/** The profit switches (docs/ARCHITECTURE.md#profit) and whether each cell also shows its share of net sales. */
export function PnlControls({ view, onChange }: PnlControlsProps) {
  return (
    <div className="filters filters-center">
      <ProfitSwitches cancelled={view.cancelled} samples={view.samples} onSwitch={onChange} />
      <label className="inline-field">
        <input
          type="checkbox"
          checked={view.share === 'on'}
          onChange={(e) => onChange({ share: e.target.checked ? 'on' : 'off' })}
        />
        Show each figure as a share of net sales
      </label>
    </div>
  );
}
