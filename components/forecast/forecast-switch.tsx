'use client';

export interface ForecastSwitchProps {
  on: boolean;
  onChange: (on: boolean) => void;
}

/**
 * `forecast=on`: the expected settled figure of the range's open (unsettled or draft) orders
 * beside the estimate, labelled as a forecast. State in the URL through the page's view.
 */
export function ForecastSwitch({ on, onChange }: ForecastSwitchProps) {
  return (
    <label
      className="inline-field"
      title="Adds what open orders are expected to settle at, learned from your settled orders"
    >
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      Forecast settlement
    </label>
  );
}
