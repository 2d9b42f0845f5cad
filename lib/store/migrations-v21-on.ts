import type { Migration } from '@/lib/db/migrate';
import { HISTORY_STRUCTURED } from './history-v21';

// The order store's steps from v21 on, appended to lib/store/migrations' v1–v20 (that file is at its
// size limit). The same rule: append new steps; never edit one that has shipped.
export const STEPS_FROM_V21: readonly Migration[] = [
  // v21: the inputs' history written structured: text lines read back into entries (./history-v21).
  HISTORY_STRUCTURED,
  // v22: the person's locale (lib/format/locale.ts): how their figures and dates are written; NULL
  // follows their browser's Accept-Language.
  () => [`ALTER TABLE st_person ADD COLUMN locale TEXT`],
  // v23: an alert's title and message as sentences (lib/format/sentence: a template and its values,
  // JSON { title, message }), so each reader reads its figures and dates in their own locale; NULL
  // for an alert opened before, whose title and message columns are read as they are.
  () => [`ALTER TABLE st_alert ADD COLUMN words TEXT`],
];
