'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCopy } from '@/components/states/error-copy';
import type { HistoryDetail } from '@/lib/costs/history';
import { useClosedMonthsWrite } from '@/lib/queries/closed-months';
import { invalidateCosts } from '@/lib/queries/use-cost-mutations';
import type { OnSaved } from './use-cost-form';

/** Sends a CSV's body to its endpoint (with the closed months' confirmation, when asked), through the typed client. */
export type CsvSend<R> = (body: { csv: string; commit?: boolean }, headers?: Record<string, string>) => Promise<R>;

/**
 * A CSV sent to a costs endpoint twice: first checked (the server's preview, nothing written, no
 * cache touched), then committed as it was checked (a write into a closed month asks first; the
 * shop's figures are read again). The imports (components/your-costs/csv-import-dialog) and the backup restore.
 */
export function useCsvUpload<P, R extends { preview: P; audit?: { detail: HistoryDetail } }>(
  shopId: string,
  send: CsvSend<R>,
) {
  const client = useQueryClient();
  const guarded = useClosedMonthsWrite();
  const check = useMutation({ mutationFn: (csv: string) => send({ csv }) });
  const commit = useMutation({
    mutationFn: (body: { csv: string; commit: true }) => guarded((headers) => send(body, headers)),
    // Pending until the lists show it: the confirmation and the new figures appear together.
    onSuccess: () => invalidateCosts(client, shopId),
  });
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<P | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onCheck(text: string) {
    setCsv(text);
    setFailure(null);
    setPreview(null);
    try {
      setPreview((await check.mutateAsync(text)).preview);
    } catch (error) {
      setFailure(errorCopy(error).message);
    }
  }

  /**
   * Commits the checked file with the seller's choices (`options`: which duplicates, only the
   * matching rows); `fallback` is the change's entry when the answer carries none.
   */
  async function onCommit(
    onSaved: OnSaved,
    onClose: () => void,
    fallback: (result: R) => HistoryDetail,
    options: Record<string, string | boolean> = {},
  ) {
    setFailure(null);
    try {
      const result = await commit.mutateAsync({ ...options, csv, commit: true });
      onSaved(result.audit?.detail ?? fallback(result));
      onClose();
    } catch (error) {
      setFailure(errorCopy(error).message);
    }
  }

  return { preview, failure, checking: check.isPending, committing: commit.isPending, onCheck, onCommit };
}
