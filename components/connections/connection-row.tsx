'use client';

import { useState, type FormEvent } from 'react';
import { fetchJson } from '@/lib/api/fetch-json';
import type { NoticeMessage } from '@/components/team/notice';
import { formatShopDateTime } from '@/lib/time/dates';
import { formatDay } from '@/lib/format/time';
import { ConfirmRemove } from '@/components/states/confirm-remove';
import type { Act } from '@/components/states/use-action';

// One row of the Connections page's list: a connection's address, key hint and shop count, and
// what the owner can do to it (test, rename, a new secret, remove), each through the page's `act`.

export interface ConnectionItem {
  id: string | null;
  name: string;
  baseUrl: string;
  appKeyHint: string;
  shops: number;
  createdAt: number | null;
}
export interface TestResult {
  outcome: string;
  message: string;
}

export const API = '/api/dashboard/connections';

export function ConnectionRow({
  connection: c,
  pending,
  act,
  said,
}: {
  connection: ConnectionItem;
  pending: boolean;
  act: Act;
  said: (r: TestResult) => NoticeMessage;
}) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'secret' | 'remove'>('idle');
  const path = c.id ? `${API}/${encodeURIComponent(c.id)}` : null;
  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    const done = await act(
      () => fetchJson<{ connection: { name: string } }>(path!, { method: 'PATCH', body: { name } }),
      (r) => ({ kind: 'info', text: `Renamed to “${r.connection.name}”.` }),
    );
    if (done) setMode('idle');
  }
  /** A new secret for the same key (rotated at the service): tested before it replaces the stored one. */
  async function replaceSecret(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const appSecret = String(new FormData(event.currentTarget).get('appSecret') ?? '').trim();
    const done = await act(
      () =>
        fetchJson<{ connection: { name: string }; test: TestResult | null }>(path!, {
          method: 'PATCH',
          body: { appSecret },
        }),
      (r) => ({ kind: 'info', text: `The secret of “${r.connection.name}” was replaced. ${r.test?.message ?? ''}` }),
    );
    if (done) setMode('idle');
  }
  return (
    <tr>
      <td data-label="Name">
        {mode === 'rename' && path ? (
          <form onSubmit={(e) => void rename(e)} className="row-actions">
            <input name="name" className="input" defaultValue={c.name} maxLength={80} aria-label="New name" autoFocus />
            <button type="submit" className="btn btn-small btn-primary" disabled={pending}>
              Save
            </button>
            <button type="button" className="btn btn-small" onClick={() => setMode('idle')}>
              Cancel
            </button>
          </form>
        ) : (
          <strong>{c.name}</strong>
        )}
        {c.id ? null : <div className="muted">Set in the server&rsquo;s environment</div>}
      </td>
      <td data-label="Address" className="mono">
        {c.baseUrl}
      </td>
      <td data-label="App key" className="mono">
        {c.appKeyHint}
      </td>
      <td data-label="Shops" className="num">
        {c.shops}
      </td>
      <td data-label="Added">
        {c.createdAt ? formatDay(formatShopDateTime(Math.floor(c.createdAt / 1000), 'UTC').slice(0, 10)) : '—'}
      </td>
      <td data-label="Actions">
        {path && mode === 'secret' ? (
          <form
            onSubmit={(e) => void replaceSecret(e)}
            className="row-actions"
            style={{ flexWrap: 'wrap' }}
            aria-label={`New secret for ${c.name}`}
          >
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
            <button type="button" className="btn btn-small" onClick={() => setMode('idle')}>
              Cancel
            </button>
          </form>
        ) : path && mode === 'remove' ? (
          <ConfirmRemove
            label={`Remove ${c.name}`}
            warning="Remove? Its shops leave the list; what the dashboard stored of them stays."
            pending={pending}
            onRemove={() =>
              void act(
                () => fetchJson<{ connection: { name: string } }>(path, { method: 'DELETE' }),
                (r) => ({ kind: 'info', text: `Removed “${r.connection.name}”.` }),
              )
            }
            onKeep={() => setMode('idle')}
          />
        ) : path && mode === 'idle' ? (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small"
              disabled={pending}
              onClick={() => void act(() => fetchJson<TestResult>(`${path}/test`, { method: 'POST' }), said)}
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
        ) : path ? null : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}
