import type { z } from 'zod';
import * as alertSchemas from '@/lib/alerts/schemas';
import * as bookSchemas from '@/lib/reports/books-schemas';
import * as connectionSchemas from '@/lib/api/connection-schemas';
import * as queryParams from '@/lib/api/query-params';
import * as costSchemas from '@/lib/costs/schemas';
import * as costKinds from '@/lib/costs/kind-bodies';
import * as exportFormat from '@/lib/exports/format';
import * as journalSchemas from '@/lib/reports/journal-schemas';
import * as pricingSchemas from '@/lib/pricing/scenario-schemas';
import { ROUTE_DOCS } from '@/lib/server/openapi/document';
import * as teamSchemas from '@/lib/team/schemas';
import * as allShops from '@/lib/views/all-shops';
import * as orders from '@/lib/views/orders';
import * as overview from '@/lib/views/overview';
import * as pnlByMonth from '@/lib/views/pnl-by-month';
import * as refunds from '@/lib/views/refunds';
import * as viewSchema from '@/lib/views/schema';
import * as pricing from '@/lib/views/pricing';
import * as settlement from '@/lib/views/settlement';
import * as skuCosts from '@/lib/views/sku-costs';
import * as skuProfit from '@/lib/views/sku-profit';

// The API description's tests: which exported name each schema object has, so a test can say
// "the document describes the schema the route's file parses with" by identity, not by likeness.

const SCHEMA_MODULES = [
  bookSchemas,
  costKinds,
  alertSchemas,
  connectionSchemas,
  queryParams,
  costSchemas,
  exportFormat,
  journalSchemas,
  pricingSchemas,
  teamSchemas,
  viewSchema,
];
const VIEW_MODULES = [allShops, orders, overview, pnlByMonth, pricing, refunds, settlement, skuCosts, skuProfit];

const isView = (value: unknown): value is Parameters<typeof viewSchema.schemaOf>[0] =>
  typeof value === 'object' && value !== null && 'fields' in value && 'parsers' in value;

/** Schema object → the name a route file imports it by (a view's query schema: the view's name). */
export function schemaNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const lib of SCHEMA_MODULES)
    for (const [name, value] of Object.entries(lib)) if (typeof value === 'object') names.set(value, name);
  for (const lib of VIEW_MODULES)
    for (const [name, value] of Object.entries(lib)) if (isView(value)) names.set(viewSchema.schemaOf(value), name);
  return names;
}

/** The described schema of a route's `data`, if it has one. */
export function dataSchemaOf(path: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'): z.ZodType {
  const answer = ROUTE_DOCS[path]?.[method]?.answer;
  if (!answer || !('data' in answer)) throw new Error(`${method} ${path} has no described data`);
  return answer.data;
}
