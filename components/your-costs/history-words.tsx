'use client';

import type { HistoryDetail } from '@/lib/costs/history';
import { formatHistory } from '@/lib/format/history';

/** A history entry in words: its kind's sentence template from the registry, money and days formatted. */
export function HistoryWords({ detail, currency }: { detail: HistoryDetail; currency: string }) {
  return <>{formatHistory(detail, currency)}</>;
}
