'use client';

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
      <label className="inline-field">
        <input
          type="checkbox"
          checked={view.cancelled === 'include'}
          onChange={(e) => onChange({ cancelled: e.target.checked ? 'include' : 'exclude' })}
        />
        Include cancelled orders
      </label>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={view.samples === 'include'}
          onChange={(e) => onChange({ samples: e.target.checked ? 'include' : 'separate' })}
        />
        Count sample orders as sales
      </label>
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
