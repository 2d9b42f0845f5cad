import {
  adjustmentsQuerySchema,
  bookMonthParamsSchema,
  booksStateSchema,
  closeBodySchema,
  monthAdjustmentsSchema,
  monthFactsSchema,
  reopenBodySchema,
} from '@/lib/reports/books-schemas';
import { shopParamsSchema } from '@/lib/api/query-params';
import { declareEndpoints } from './define';

// The books of a shop (docs/ARCHITECTURE.md#pl-by-month): closed months, closing and reopening one,
// and the itemised adjustments to closed periods. The answers' schemas are lib/api/books.ts's.

const books = { data: booksStateSchema };

export const BOOK_ENDPOINTS = declareEndpoints(
  { tag: 'Closed months' },
  {
    'GET shops/[shopId]/books': {
      summary:
        'The books: closed months, the first open month, the month that may close next, the basis and the history',
      access: 'view-profit',
      params: shopParamsSchema,
      answer: books,
    },
    'GET shops/[shopId]/books/adjustments': {
      summary:
        'The adjustments to closed periods of a month, itemised (order, refund day or input; line; cents): booked if the month is closed, pending if it is the first open month',
      access: 'view-profit',
      params: shopParamsSchema,
      query: [adjustmentsQuerySchema],
      answer: { data: monthAdjustmentsSchema },
    },
    'GET shops/[shopId]/books/months/[month]': {
      summary:
        "A month as the close dialog shows it: the whole month's share still estimated, its open orders and when the last is expected to settle, its days stored",
      description:
        "Under the books' basis (the query's cancelled, samples and costs before the first close), whatever range a page shows. settleDays: within how many days of their order 9 in 10 of the shop's orders of the last 180 days were seen settled (null under 10 of them); expectedSettledBy: the latest open order's day plus that. refusal: why the month may not close now.",
      access: 'view-profit',
      params: bookMonthParamsSchema,
      query: [closeBodySchema],
      answer: { data: monthFactsSchema },
    },
    'POST shops/[shopId]/books/months/[month]/close': {
      summary:
        'Closes a month: its statement is frozen as it stands; later changes are booked as adjustments in the first open month',
      description:
        "The first close may be any ended month whose days are all stored, and fixes the books' basis (the body's switches and cost view); after it only the month after the latest closed one closes, under that basis. 409 CONFLICT says why a month may not close.",
      access: 'close-books',
      params: bookMonthParamsSchema,
      body: closeBodySchema,
      answer: books,
      errors: ['CONFLICT'],
    },
    'POST shops/[shopId]/books/months/[month]/reopen': {
      summary: 'Reopens the latest closed month, with a reason of a few words kept in the history',
      description:
        'Its frozen statement goes and the adjustments it booked are pending again in it. 409 CONFLICT for any other month.',
      access: 'close-books',
      params: bookMonthParamsSchema,
      body: reopenBodySchema,
      answer: books,
      errors: ['CONFLICT'],
    },
  },
);
