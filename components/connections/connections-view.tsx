'use client';

import { type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { connectionsQueryOptions, shopsQueryOptions } from '@/lib/queries/options';
import { fetchJson } from '@/lib/api/fetch-json';
import { useAction } from '@/components/states/use-action';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice, type NoticeMessage } from '@/components/team/notice';
import { API, ConnectionRow, type ConnectionItem, type TestResult } from './connection-row';

// The Connections page (the owner): the Reporting Service keys the dashboard reads, each with its
// own budget. A key and its secret go in through the form and never come back: the list shows a
// hint of the key. Every change goes through /api/dashboard/connections/**; the server decides.

interface ConnectionsData {
  items: ConnectionItem[];
  embeddedBaseUrl: string | null;
  demoSecretsKey: boolean;
}

function formFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return { name: text('name'), baseUrl: text('baseUrl'), appKey: text('appKey'), appSecret: text('appSecret') };
}

export function ConnectionsView() {
  const query = useQuery(connectionsQueryOptions<ConnectionsData>());
  // The shop picker lists the connections' shops: both change together.
  const { act, pending, message } = useAction([connectionsQueryOptions().queryKey, shopsQueryOptions().queryKey]);
  const data = query.data;

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
