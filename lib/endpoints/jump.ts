import { z } from 'zod';
import { shopParamsSchema } from '@/lib/api/query-params';
import { rangeView } from '@/lib/views/refunds';
import { schemaOf } from '@/lib/views/schema';
import { declareEndpoints } from './define';

// The jump-to (docs/ARCHITECTURE.md#navigation-and-the-jump-to): a SKU or an order of the shop found
// by what a seller types, read from the local store. Names and numbers only, never a figure.

const jumpQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'must be at most 100 characters' }).default('').meta({
    description:
      'What the person typed: part of a seller SKU, a product or SKU name, or an order number. Empty: nothing is searched (stored still says whether the shop has been read).',
  }),
});

const jumpAnswerSchema = z.object({
  stored: z.boolean().meta({
    description:
      "false while the store has read none of the shop's orders or products yet: no result means nothing yet, not nothing found.",
  }),
  skus: z
    .array(
      z.object({
        skuId: z.string(),
        sellerSku: z.string(),
        productName: z.string(),
        skuName: z.string(),
      }),
    )
    .meta({
      description:
        'At most 6 SKUs: the seller SKU equal to the text first, then starting with it, then containing it, then a name containing it.',
    }),
  orders: z
    .array(
      z.object({
        orderId: z.string(),
        orderNumber: z.string(),
        day: z.string().meta({ description: "The order's day in the shop's time zone (YYYY-MM-DD)." }),
        inRange: z.boolean().meta({ description: 'Whether that day lies in the range asked for.' }),
      }),
    )
    .meta({
      description: 'At most 6 stored orders whose number contains the text (ignoring case), the most recent first.',
    }),
});

export const JUMP_ENDPOINTS = declareEndpoints(
  { tag: 'Jump to' },
  {
    'GET shops/[shopId]/jump': {
      summary: 'Finds a SKU (by seller SKU or name) or an order (by number) of the shop in the local store',
      description:
        "For the dashboard's jump-to: names and numbers only. The range says which orders lie in the range on screen (the others open on their own day).",
      access: 'view',
      params: shopParamsSchema,
      query: [jumpQuerySchema, schemaOf(rangeView)],
      answer: { data: jumpAnswerSchema },
    },
  },
);
