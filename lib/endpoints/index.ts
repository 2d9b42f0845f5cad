import type { Endpoint } from './define';
import { ALERT_ENDPOINTS } from './alerts';
import { BOOK_ENDPOINTS } from './books';
import { COST_ENDPOINTS } from './costs';
import { JOURNAL_ENDPOINTS } from './journal';
import { JUMP_ENDPOINTS } from './jump';
import { PEOPLE_ENDPOINTS } from './people';
import { PRICING_ENDPOINTS } from './pricing';
import { SHOP_ENDPOINTS } from './shops';

// Every endpoint of the dashboard API, in the order its description lists their groups: the one
// list the API's description, the access matrix, the browser's typed calls (as types) and whatever
// else serves them (as tools, say) read.

const GROUPS = [
  SHOP_ENDPOINTS,
  BOOK_ENDPOINTS,
  COST_ENDPOINTS,
  PEOPLE_ENDPOINTS,
  ALERT_ENDPOINTS,
  JOURNAL_ENDPOINTS,
  PRICING_ENDPOINTS,
  JUMP_ENDPOINTS,
] as const;

/** The dashboard API's endpoints, by name (`GET shops/[shopId]/orders`). */
export type DashboardEndpoints = typeof SHOP_ENDPOINTS &
  typeof BOOK_ENDPOINTS &
  typeof COST_ENDPOINTS &
  typeof PEOPLE_ENDPOINTS &
  typeof ALERT_ENDPOINTS &
  typeof JOURNAL_ENDPOINTS &
  typeof PRICING_ENDPOINTS &
  typeof JUMP_ENDPOINTS;

export const ENDPOINTS: readonly Endpoint[] = GROUPS.flatMap((group) => Object.values(group) as Endpoint[]);
