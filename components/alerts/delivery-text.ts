import type { DeliveryItem, DeliveryState } from '@/lib/alerts/schemas';
import { whenText } from './figure-text';

// A delivery's outcome in words: the Channels list, the "Send test" result and the delivery log.

export const STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};

export function deliverySentence(d: Pick<DeliveryItem, 'state' | 'lastError' | 'lastStatus' | 'nextAt'>): string {
  const status = d.lastStatus !== null ? ` (HTTP ${d.lastStatus})` : '';
  if (d.state === 'sent') return `Delivered${status}.`;
  const why = d.lastError ?? 'no reason was given';
  if (d.state === 'pending')
    return `Not delivered yet${status}: ${why}. ${d.nextAt !== null ? `Next try ${whenText(d.nextAt)}.` : ''}`.trim();
  return `Not delivered${status}: ${why}.`;
}
