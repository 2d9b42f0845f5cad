import type { DeliveryItem, DeliveryState } from '@/lib/alerts/schemas';
import type { SentenceValue } from '@/lib/format/sentence';
import { whenText } from './figure-text';
import { say } from './messages';

// A delivery's outcome in words: the Channels list, the "Send test" result and the delivery log.

export const STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};

export function deliverySentence(d: Pick<DeliveryItem, 'state' | 'lastError' | 'lastStatus' | 'nextAt'>): string {
  const http: Record<string, SentenceValue> = d.lastStatus !== null ? { http: { text: String(d.lastStatus) } } : {};
  if (d.state === 'sent') return say('delivered', http);
  const why = { text: d.lastError ?? 'no reason was given' };
  if (d.state === 'pending')
    return say('retrying', { ...http, why, ...(d.nextAt !== null ? { next: { text: whenText(d.nextAt) } } : {}) });
  return say('failed', { ...http, why });
}
