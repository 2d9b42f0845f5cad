'use client';

import { useState } from 'react';
import { errorCopy } from '@/components/states/error-copy';
import { useCostWrite } from '@/lib/queries/use-cost-mutations';
import type { HistoryDetail } from '@/lib/costs/history';
import type { OnSaved } from './use-cost-form';

/**
 * A CSV sent to a costs endpoint twice: first checked (the server's preview, nothing written, no
 * cache touched), then committed as it was checked. The ad spend import and the backup restore.
 */
export function useCsvUpload<P, R extends { preview: P; audit?: { detail: HistoryDetail } }>(
  shopId: string,
  path: string,
) {
  const check = useCostWrite<R>(shopId);
  const commit = useCostWrite<R>(shopId);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<P | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onCheck(text: string) {
    setCsv(text);
    setFailure(null);
    setPreview(null);
    try {
      setPreview((await check.mutateAsync({ method: 'POST', path, body: { csv: text }, invalidate: false })).preview);
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
      const result = await commit.mutateAsync({ method: 'POST', path, body: { ...options, csv, commit: true } });
      onSaved(result.audit?.detail ?? fallback(result));
      onClose();
    } catch (error) {
      setFailure(errorCopy(error).message);
    }
  }

  return { preview, failure, checking: check.isPending, committing: commit.isPending, onCheck, onCommit };
}
