'use client';

import { useState } from 'react';
import { errorCopy } from '@/components/states/error-copy';
import type { AuditEntry } from '@/lib/costs/types';
import { useCostWrite } from '@/lib/queries/use-cost-mutations';
import type { OnSaved } from './use-cost-form';

export interface DeleteButtonProps {
  shopId: string;
  /** Below `your-costs/`: `ad-spend/{id}`. */
  path: string;
  /** What is deleted, for the button's accessible name ("ad spend of $12.50 on Mar 3, 2026"). */
  name: string;
  onSaved: OnSaved;
}

/** A cost row's Edit and Delete, named for the row ("Edit ad spend of $12.50 on Mar 3, 2026"). */
export function RowActions({ onEdit, ...remove }: DeleteButtonProps & { onEdit: () => void }) {
  return (
    <td className="card-actions">
      <span className="row-actions">
        <button type="button" className="btn btn-small" aria-label={`Edit ${remove.name}`} onClick={onEdit}>
          Edit
        </button>
        <DeleteButton {...remove} />
      </span>
    </td>
  );
}

/** Deletes at once: every change is undoable (History), so a confirmation step would only slow the seller. */
function DeleteButton({ shopId, path, name, onSaved }: DeleteButtonProps) {
  const write = useCostWrite<{ audit: AuditEntry }>(shopId);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove() {
    setFailure(null);
    try {
      const result = await write.mutateAsync({ method: 'DELETE', path });
      onSaved(result.audit.detail);
    } catch (error) {
      setFailure(errorCopy(error).message);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Delete ${name}`}
        disabled={write.isPending}
        onClick={() => void remove()}
      >
        {write.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {failure ? (
        <span className="field-error" role="alert">
          Could not delete: {failure}
        </span>
      ) : null}
    </>
  );
}
