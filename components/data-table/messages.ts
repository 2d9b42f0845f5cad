import { sayer } from '@/lib/format/sentence';

// The data tables' sentences that carry a figure (their pager, a page past the end), each one whole
// template (lib/format/sentence's ICU subset), so a translator reads and reorders them here, never
// pieced together where they are shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are
// values, written in the person's locale; `{noun}` is the table's plural noun ("orders").

export const TABLE_MESSAGES = {
  /** The pager's summary: the rows shown and how many there are ("26–50 of 1,234 orders"). */
  rowsShown: '{first}–{last} of {total} {noun}',
  /** Beside the page box: how many pages and rows there are ("of 50 · 1,234 orders"). */
  pagesOf: 'of {pages} · {total} {noun}',
  /** A page past the end of the list: its title. */
  pastLastPage: 'Page {page} is past the end of the list',
  /** … why: how far the list goes. */
  pastLastPageReason: 'There are {total} {noun} at {limit} per page: the last page is {last}.',
  /** … its button to the last page. */
  goToPage: 'Go to page {page}',
} as const satisfies Record<string, string>;

/** One of the data tables' sentences in words, in the person's locale. */
export const say = sayer(TABLE_MESSAGES);
