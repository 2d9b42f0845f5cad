// Text limits of the seller's cost inputs, zod-free: the forms, the CSV imports, the backup reader
// and the write bodies (lib/costs/schemas) hold text to the same lengths.

/** An expense's name. */
export const NAME_MAX = 120;
/** An ad spend row's campaign. */
export const CAMPAIGN_MAX = 200;
