'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { connectionsQueryOptions } from '@/lib/queries/options';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice } from '@/components/team/notice';
import { AddConnectionForm } from './add-connection-form';
import { ConnectionRow } from './connection-row';

// The Connections page (the owner): the Reporting Service keys the dashboard reads, each with its
// own budget. A key and its secret go in through the form and never come back: the list shows a
// hint of the key. Each action's result is said beside it: in its row, or under the form's buttons.

export function ConnectionsView() {
  const query = useQuery(connectionsQueryOptions());
  const [removed, setRemoved] = useState<string | null>(null);
  const data = query.data;

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
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingSkeleton label="Loading connections…" rows={3} />
      ) : (
        <>
          <section className="card page-card" aria-labelledby="connections-title">
            <h2 id="connections-title">Connected keys</h2>
            <Notice message={removed ? { kind: 'info', text: removed } : null} />
            <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Connections table">
              <table className="stack-table connections-table">
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
                    <ConnectionRow key={c.id ?? 'environment'} connection={c} onRemoved={setRemoved} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card page-card" aria-labelledby="add-connection-title">
            <h2 id="add-connection-title">Add a connection</h2>
            {data.demoSecretsKey && data.embeddedBaseUrl ? (
              <p className="muted connections-page-note">
                Demo mode: secrets are sealed with the demo&rsquo;s published key, so only the demo service can be
                connected (set <code>SECRETS_KEY</code> to connect a real one). To try it, connect the demo&rsquo;s
                second account: address <code>{data.embeddedBaseUrl}</code>, app key <code>other-app-key</code>, app
                secret <code>other-app-secret</code>.
              </p>
            ) : null}
            <AddConnectionForm />
          </section>
        </>
      )}
    </div>
  );
}
