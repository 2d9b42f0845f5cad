import { formatAmount } from './amount';
import { RATE_TEMPLATES, UNDO_TEMPLATE, type HistoryChange, type HistoryDetail, type HistoryValue } from './history';
import type { ImportValue } from './kind-import';
import { KINDS } from './kinds';
import { fillMessage, type MessagePart } from './message';

// An entry of the history in words: its kind's template for its action (lib/costs/kind's
// `history.templates`, the rates' and the restore's here), filled with its values as `words` writes
// them. The page writes money and days as every other figure (lib/format/history); a refusal the
// store sends writes them as the interface does (`plainHistory`).

/** A restore's sentence: how many of each kind the backup held, every kind of the registry named. */
const RESTORE_TEMPLATE = `Restored a backup: ${KINDS.map((k) => `{${k.id}, plural, one {# ${k.labels.one}} other {# ${k.labels.many}}}`).join(', ')}`;

/** The sentence template of a kind's action, or null when the registry has none (a kind since removed). */
export function historyTemplate(detail: Pick<HistoryChange, 'kind' | 'action'>): string | null {
  const { kind, action } = detail;
  if (action === 'undo') return UNDO_TEMPLATE;
  if (kind === 'backup' && action === 'restore') return RESTORE_TEMPLATE;
  if (kind === 'rate') return action in RATE_TEMPLATES ? RATE_TEMPLATES[action as keyof typeof RATE_TEMPLATES] : null;
  const templates = KINDS.find((k) => k.id === kind)?.history.templates as Record<string, string> | undefined;
  return templates?.[action] ?? null;
}

/** How one value is written: money and days in the seller's style, or as the interface writes them. */
export type HistoryWords = (value: HistoryValue | ImportValue) => string;

function part(value: HistoryValue | ImportValue | undefined, words: HistoryWords): MessagePart | undefined {
  if (value === undefined) return undefined;
  const text = words(value);
  if ('text' in value) return { text, key: value.text };
  if ('count' in value) return { text, key: 'other', count: value.count };
  return { text, key: 'other' };
}

/** The entry's sentence; an old line that could not be read, as it was. */
export function historySentence(detail: HistoryDetail, words: HistoryWords): string {
  if (detail.text !== undefined) return detail.text;
  const template = historyTemplate(detail);
  if (template === null) return `${detail.action} ${detail.kind}`;
  const change = detail.undid ? historySentence(detail.undid, words) : undefined;
  return fillMessage(template, (name) =>
    name === 'change' && change !== undefined ? { text: change, key: 'other' } : part(detail.values[name], words),
  );
}

/** A sentence template filled with its values, each as `words` writes it. */
export function fillValues(template: string, values: Record<string, ImportValue>, words: HistoryWords): string {
  return fillMessage(template, (name) => part(values[name], words));
}

/** A value as the interface writes it: "500.00", "2026-11-01", the SKU's seller SKU (else its id). */
export function plainWords(value: HistoryValue | ImportValue): string {
  if ('range' in value) return `${value.range.from} … ${value.range.to}`;
  if ('money' in value) return formatAmount(value.money) + (value.currency ? ` ${value.currency}` : '');
  if ('day' in value) return value.day;
  if ('sku' in value) return value.sellerSku || value.sku;
  if ('count' in value) return String(value.count);
  return value.text;
}

/** The entry's sentence with amounts and days as the interface writes them (a refusal's message, a test). */
export function plainHistory(detail: HistoryDetail): string {
  return historySentence(detail, plainWords);
}
