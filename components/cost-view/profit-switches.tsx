'use client';

export interface ProfitSwitchesProps {
  cancelled: 'exclude' | 'include';
  samples: 'separate' | 'include';
  onSwitch: (change: { cancelled?: 'exclude' | 'include'; samples?: 'separate' | 'include' }) => void;
}

/**
 * The two profit switches (docs/ARCHITECTURE.md#profit: cancelled orders left out, samples a
 * separate cost by default), in the words every report page uses; their state is the page's view.
 */
export function ProfitSwitches({ cancelled, samples, onSwitch }: ProfitSwitchesProps) {
  return (
    <>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={cancelled === 'include'}
          onChange={(e) => onSwitch({ cancelled: e.target.checked ? 'include' : 'exclude' })}
        />
        Include cancelled orders
      </label>
      <label className="inline-field">
        <input
          type="checkbox"
          checked={samples === 'include'}
          onChange={(e) => onSwitch({ samples: e.target.checked ? 'include' : 'separate' })}
        />
        Count sample orders as sales
      </label>
    </>
  );
}
