import { rangeFields } from './range';
import { costViewFields, switchFields } from './switches';
import { defineView } from './view';

// The overview page (`/`): the range, the switches and the cost view
// (`GET /api/dashboard/shops/{id}/reports/overview`).

export const overviewView = defineView({ ...rangeFields, ...switchFields, ...costViewFields });
