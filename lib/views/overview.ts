import { rangeFields } from './range';
import { costViewFields, forecastField, switchFields } from './switches';
import { defineView } from './view';

// The overview page (`/`): the range, the switches, the cost view and the settlement forecast
// (`GET /api/dashboard/shops/{id}/reports/overview`).

export const overviewView = defineView({ ...rangeFields, ...switchFields, ...costViewFields, ...forecastField });
