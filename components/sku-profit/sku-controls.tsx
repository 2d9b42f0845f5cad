'use client';

import { ForecastSwitch } from '@/components/forecast/forecast-switch';
import { SkuSearch } from './sku-search';

type SwitchChange = {
  cancelled?: 'exclude' | 'include';
  samples?: 'separate' | 'include';
  forecast?: 'off' | 'on';
};

export interface SkuControlsProps {
  search: string | null;
  cancelled: 'exclude' | 'include';
  samples: 'separate' | 'include';
  forecast?: 'off' | 'on';
  onSearch: (q: string | null) => void;
  onSwitch: (change: SwitchChange) => void;
}

/**
 * Search, the two profit switches (docs/ARCHITECTURE.md#profit: cancelled out, samples as a
 * separate cost) and the settlement forecast.
 */
export function SkuControls({ search, cancelled, samples, forecast = 'off', onSearch, onSwitch }: SkuControlsProps) {
  return (
    <div className="filters filters-center">
      <SkuSearch id="sku-search" search={search} onSearch={onSearch} />
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
      <ForecastSwitch on={forecast === 'on'} onChange={(on) => onSwitch({ forecast: on ? 'on' : 'off' })} />
    </div>
  );
}
