'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { ConfirmRemove } from '@/components/states/confirm-remove';
import { Notice } from '@/components/team/notice';
import type { ConnectionItem } from '@/lib/api/connection-schemas';
import { said, useConnectionAction } from './connection-api';

export interface ConnectionActionsProps {
  connection: ConnectionItem & { id: string };
  /** A removed connection's row goes away with its result: the list says it instead. */
  onRemoved: (sentence: string) => void;
}

/** What the owner can do to one stored connection (test, rename, a new secret, remove), each result beside it. */
export function ConnectionActions({ connection: c, onRemoved }: ConnectionActionsProps) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'secret' | 'remove'>('idle');
  const { act, pending, message } = useConnectionAction();
  const params = { id: c.id };
  const field = (event: FormEvent<HTMLFormElement>, name: string) =>
    String(new FormData(event.currentTarget).get(name) ?? '').trim();

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await act(
      () => callApi('PATCH connections/[id]', { params, body: { name: field(event, 'name') } }),
      (r) => ({ kind: 'info', text: `Renamed to “${r.connection.name}”.` }),
    );
    if (done) setMode('idle');
  }
  /** A new secret for the same key (rotated at the service): tested before it replaces the stored one. */
  async function replaceSecret(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const appSecret = field(event, 'appSecret');
    const done = await act(
      () => callApi('PATCH connections/[id]', { params, body: { appSecret } }),
      (r) => ({ kind: 'info', text: `The secret of “${r.connection.name}” was replaced. ${r.test?.message ?? ''}` }),
    );
    if (done) setMode('idle');
  }
  const remove = () =>
    void act(
      () => callApi('DELETE connections/[id]', { params }),
      (r) => {
        onRemoved(`Removed “${r.connection.name}”.`);
        return null;
      },
    );
  const cancel = (
    <button type="button" className="btn btn-small" onClick={() => setMode('idle')}>
      Cancel
    </button>
  );

  return (
    <div className="connection-actions">
      {mode === 'rename' ? (
        <form onSubmit={(e) => void rename(e)} className="row-actions" aria-label={`Rename ${c.name}`}>
          <input name="name" className="input" defaultValue={c.name} maxLength={80} aria-label="New name" autoFocus />
          <button type="submit" className="btn btn-small btn-primary" disabled={pending}>
            Save
          </button>
          {cancel}
        </form>
      ) : mode === 'secret' ? (
        <form onSubmit={(e) => void replaceSecret(e)} className="row-actions" aria-label={`New secret for ${c.name}`}>
          <input
            name="appSecret"
            type="password"
            className="input mono"
            autoComplete="new-password"
            aria-label="New app secret"
            autoFocus
          />
          <button type="submit" className="btn btn-small btn-primary" disabled={pending}>
            Replace
          </button>
          {cancel}
        </form>
      ) : mode === 'remove' ? (
        <ConfirmRemove
          label={`Remove ${c.name}`}
          warning="Remove? Its shops leave the list; what the dashboard stored of them stays."
          pending={pending}
          onRemove={remove}
          onKeep={() => setMode('idle')}
        />
      ) : (
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={pending}
            onClick={() => void act(() => callApi('POST connections/[id]/test', { params }), said)}
          >
            Test
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMode('rename')}>
            Rename
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMode('secret')}>
            New secret…
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMode('remove')}>
            Remove…
          </button>
        </div>
      )}
      <Notice message={message} />
    </div>
  );
}
