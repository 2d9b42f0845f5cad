'use client';

import { ProfitSwitches } from '@/components/cost-view/profit-switches';
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
      <ProfitSwitches cancelled={cancelled} samples={samples} onSwitch={onSwitch} />
      <ForecastSwitch on={forecast === 'on'} onChange={(on) => onSwitch({ forecast: on ? 'on' : 'off' })} />
    </div>
  );
}
