// The books' rules a page shows before it sends, without zod (docs/ARCHITECTURE.md#pl-by-month):
// the reopen dialog counts the reason's words by the rule the server's body checks (./books-schemas).

/** A reopened month's reason is at least this many words: it stays in the history. */
export const REOPEN_REASON_MIN_WORDS = 3;
