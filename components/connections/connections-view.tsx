'use client';

import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsQueryOptions, shopsQueryOptions } from '@/lib/queries/options';
import { fetchJson } from '@/lib/api/fetch-json';
import { errorCopy } from '@/components/states/error-copy';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice, type NoticeMessage } from '@/components/team/notice';
import { formatShopDateTime } from '@/lib/time/dates';

// The Connections page (the owner): the Reporting Service keys the dashboard reads, each with its
// own budget. A key and its secret go in through the form and never come back: the list shows a
// hint of the key. Every change goes through /api/dashboard/connections/**; the server decides.

interface ConnectionItem {
  id: string | null;
  name: string;
  baseUrl: string;
  appKeyHint: string;
  shops: number;
  createdAt: number | null;
}
interface ConnectionsData {
  items: ConnectionItem[];
  embeddedBaseUrl: string | null;
  demoSecretsKey: boolean;
}
interface TestResult {
  outcome: string;
  message: string;
}

const API = '/api/dashboard/connections';

function formFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return { name: text('name'), baseUrl: text('baseUrl'), appKey: text('appKey'), appSecret: text('appSecret') };
}

export function ConnectionsView() {
  const query = useQuery(connectionsQueryOptions<ConnectionsData>());
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [pending, setPending] = useState(false);
  const data = query.data;

  async function act<T>(run: () => Promise<T>, done: (result: T) => NoticeMessage | null) {
    setMessage(null);
    setPending(true);
    try {
      setMessage(done(await run()));
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
      return false;
    } finally {
      setPending(false);
      // The shop picker lists the connections' shops: both change together.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: shopsQueryOptions().queryKey }),
      ]);
    }
  }
  const said = (r: TestResult): NoticeMessage => ({ kind: r.outcome === 'ok' ? 'info' : 'error', text: r.message });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = formFields(form);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'test') {
      const { name: _name, ...credentials } = body;
      await act(() => fetchJson<TestResult>(`${API}/test`, { method: 'POST', body: credentials }), said);
      return;
    }
    const added = await act(
      () => fetchJson<{ connection: { name: string }; test: TestResult }>(API, { method: 'POST', body }),
      (r) => ({ kind: 'info', text: `Added “${r.connection.name}”. ${r.test.message}` }),
    );
    if (added) form.reset();
  }

  return (
    <div className="stack-page" style={{ display: 'grid', gap: '1rem' }}>
      <div className="page-heading">
        <div>
          <h1>Connections</h1>
          <p className="muted page-summary">
            The Reporting Service keys this dashboard reads. Each key has its own budget of requests, so one
            client&rsquo;s sync never slows another&rsquo;s pages; its shops appear in the shop picker under its name. A
            secret is sealed when it is saved and never shown again.
          </p>
        </div>
      </div>
      <Notice message={message} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingSkeleton label="Loading connections…" rows={3} />
      ) : (
        <>
          <section className="card page-card" aria-labelledby="connections-title">
            <h2 id="connections-title">Connected keys</h2>
            <div className="table-scroll stack-scroll">
              <table className="stack-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Address</th>
                    <th scope="col">App key</th>
                    <th scope="col">Shops</th>
                    <th scope="col">Added</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <ConnectionRow key={c.id ?? 'environment'} connection={c} pending={pending} act={act} said={said} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card page-card" aria-labelledby="add-connection-title">
            <h2 id="add-connection-title">Add a connection</h2>
            {data.demoSecretsKey && data.embeddedBaseUrl ? (
              <p className="muted">
                Demo mode: secrets are sealed with the demo&rsquo;s published key, so only the demo service can be
                connected (set <code>SECRETS_KEY</code> to connect a real one). To try it, connect the demo&rsquo;s
                second account: address <code>{data.embeddedBaseUrl}</code>, app key <code>other-app-key</code>, app
                secret <code>other-app-secret</code>.
              </p>
            ) : null}
            <form onSubmit={(e) => void add(e)} className="cost-form" noValidate>
              <div className="field">
                <label htmlFor="connection-name">Name</label>
                <input id="connection-name" name="name" className="input" maxLength={80} placeholder="Client B (EU)" />
              </div>
              <div className="field">
                <label htmlFor="connection-url">Base URL</label>
                <input
                  id="connection-url"
                  name="baseUrl"
                  className="input"
                  type="url"
                  inputMode="url"
                  placeholder="https://reporting.example.com"
                />
              </div>
              <div className="field">
                <label htmlFor="connection-key">App key</label>
                <input id="connection-key" name="appKey" className="input mono" autoComplete="off" spellCheck={false} />
              </div>
              <div className="field">
                <label htmlFor="connection-secret">App secret</label>
                <input
                  id="connection-secret"
                  name="appSecret"
                  className="input mono"
                  type="password"
                  autoComplete="new-password"
                  spellCheck={false}
                />
              </div>
              <div className="form-actions">
                <button type="submit" name="action" value="test" className="btn" disabled={pending}>
                  Test connection
                </button>
                <button type="submit" name="action" value="add" className="btn btn-primary" disabled={pending}>
                  Add connection
                </button>
              </div>
            </form>
          </section>
        </>
      )}
    </div>
  );
}

type Act = <T>(run: () => Promise<T>, done: (result: T) => NoticeMessage | null) => Promise<boolean>;

function ConnectionRow({
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
      <td data-label="Added">{c.createdAt ? formatShopDateTime(c.createdAt / 1000, 'UTC').slice(0, 10) : '—'}</td>
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
          <div className="row-actions" style={{ flexWrap: 'wrap' }} role="group" aria-label={`Remove ${c.name}`}>
            <span>Remove? Its shops leave the list; what the dashboard stored of them stays.</span>
            <button
              type="button"
              className="btn btn-small"
              disabled={pending}
              onClick={() =>
                void act(
                  () => fetchJson<{ connection: { name: string } }>(path, { method: 'DELETE' }),
                  (r) => ({ kind: 'info', text: `Removed “${r.connection.name}”.` }),
                )
              }
            >
              Remove
            </button>
            <button type="button" className="btn btn-small" onClick={() => setMode('idle')}>
              Keep
            </button>
          </div>
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
