'use client';

import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/endpoints/client';
import { dashboardKeys } from '@/lib/queries/keys';
import { shopsQueryOptions } from '@/lib/queries/options';
import { TOKEN_EXPIRY_DAYS, type AccessTokenView } from '@/lib/team/schemas';
import { errorCopy } from '@/components/states/error-copy';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice, type NoticeMessage } from './notice';
import { say } from './messages';

// Personal access tokens and live links (docs/ARCHITECTURE.md#access-tokens-and-live-links): on
// Account a person makes read-only tokens and sees and revokes their own tokens and live links; on
// Team owners and admins see and revoke everyone's. A token's text is shown once, when it is made.

type Scope = 'account' | 'team';

function tokenQuery(scope: Scope) {
  return {
    queryKey: dashboardKeys.accessTokens(scope),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      scope === 'team' ? callApi('GET team/tokens', {}, { signal }) : callApi('GET account/tokens', {}, { signal }),
  };
}

/** What a token is in one line: what it reads, its shops, its expiry, its last use. */
function describe(token: AccessTokenView, shopName: (id: string) => string, timeZone: string, scope: Scope): string {
  const expired = token.expiresAt !== null && token.expiresAt <= Date.now();
  return say('token', {
    kind: { text: token.kind === 'live' ? 'live' : 'token' },
    scope: { text: scope },
    reads: { text: token.shops === null ? 'all' : 'some' },
    shops: { text: (token.shops ?? []).map(shopName).join(', ') },
    state: {
      text:
        token.revokedAt !== null ? 'revoked' : expired ? 'expired' : token.expiresAt === null ? 'lasting' : 'expires',
    },
    // The revocation's time, else the expiry's (none when the token never expires).
    at: { time: token.revokedAt ?? token.expiresAt, timeZone },
    revoker: { text: token.revokedBy ? 'named' : 'none' },
    by: { text: token.revokedBy ?? '' },
    used: { text: token.lastUsedAt === null ? 'never' : 'used' },
    lastUsed: { time: token.lastUsedAt, timeZone },
  });
}

function NewTokenForm({ onMade }: { onMade: (token: string) => void }) {
  const shops = useQuery(shopsQueryOptions());
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [fewer, setFewer] = useState(false);
  const [pending, setPending] = useState(false);

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expiry = String(data.get('expiry') ?? '');
    const chosen = data.getAll('shops').map(String);
    if (fewer && chosen.length === 0) {
      setMessage({ kind: 'error', text: 'Pick at least one shop, or let the token read every shop you see.' });
      return;
    }
    setMessage(null);
    setPending(true);
    try {
      const made = await callApi('POST account/tokens', {
        body: {
          name: String(data.get('name') ?? ''),
          expiresInDays: expiry === '' ? null : (Number(expiry) as (typeof TOKEN_EXPIRY_DAYS)[number]),
          shops: fewer ? chosen : null,
        },
      });
      form.reset();
      setFewer(false);
      onMade(made.token);
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void make(e)} className="cost-form" aria-labelledby="new-token-title">
      <h3 id="new-token-title">New access token</h3>
      <Notice message={message} />
      <div className="field">
        <label htmlFor="token-name">Name (what will use it)</label>
        <input id="token-name" name="name" className="input" maxLength={100} required placeholder="Bookkeeping sheet" />
      </div>
      <div className="field">
        <label htmlFor="token-expiry">Expires</label>
        <select id="token-expiry" name="expiry" className="input" defaultValue="90">
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              In {days} days
            </option>
          ))}
          <option value="">Never (until revoked)</option>
        </select>
      </div>
      <fieldset className="field" style={{ border: 0, padding: 0 }}>
        <legend>Shops</legend>
        <label className="check">
          <input type="checkbox" checked={fewer} onChange={(e) => setFewer(e.target.checked)} />
          <span>Only some of my shops</span>
        </label>
        {fewer
          ? (shops.data?.items ?? []).map((shop) => (
              <label key={shop.id} className="check" style={{ display: 'flex' }}>
                <input type="checkbox" name="shops" value={shop.id} />
                <span>{shop.shopName}</span>
              </label>
            ))
          : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={pending}>
          Make token
        </button>
      </div>
    </form>
  );
}

/** The tokens and live links card: the person's own (Account, with the form) or everyone's (Team). */
export function AccessTokensCard({ scope, timeZone }: { scope: Scope; timeZone: string }) {
  const queryClient = useQueryClient();
  const tokens = useQuery(tokenQuery(scope));
  const shops = useQuery(shopsQueryOptions());
  const [made, setMade] = useState<string | null>(null);
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const shopName = (id: string) => shops.data?.items.find((s) => s.id === id)?.shopName ?? id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'access-tokens'] });

  async function revoke(token: AccessTokenView) {
    setMessage(null);
    try {
      await callApi('DELETE account/tokens/[id]', { params: { id: token.id } });
      setMessage({ kind: 'info', text: `"${token.name}" is revoked: it is refused from now on.` });
      if (made) setMade(null);
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
    }
    await refresh();
  }

  const live = (tokens.data?.items ?? []).filter((t) => t.revokedAt === null);
  const ended = (tokens.data?.items ?? []).filter((t) => t.revokedAt !== null);
  return (
    <section className="card page-card" aria-labelledby={`tokens-${scope}-title`}>
      <h2 id={`tokens-${scope}-title`}>
        {scope === 'team' ? "Everyone's access tokens and live links" : 'Access tokens and live links'}
      </h2>
      <p className="muted">
        {scope === 'team'
          ? 'Each reads only what its person may read, and only reads. Revoke one to refuse it at once. '
          : 'A token lets a program or an AI assistant read the dashboard as you: only reading, never more than you see, and less if you pick fewer shops. Live links are made beside an export ("Copy a live link"). '}
        Times in {timeZone}.
      </p>
      <Notice message={message} />
      {made ? (
        <div className="alert alert-info" role="status">
          <p style={{ margin: 0 }}>Your new token, shown this once: copy it now.</p>
          <input
            className="input"
            readOnly
            value={made}
            aria-label="Your new access token"
            onFocus={(e) => e.currentTarget.select()}
          />
          <small className="muted">
            Send it as <code>Authorization: Bearer …</code>.
          </small>
        </div>
      ) : null}
      {tokens.isPending ? (
        <LoadingSkeleton label="Loading tokens" />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : live.length === 0 ? (
        <p className="muted">No token or live link in use.</p>
      ) : (
        <ul className="history-list" aria-label="Tokens and live links in use">
          {live.map((token) => (
            <li key={token.id}>
              <span>
                <strong>{token.name}</strong> <code>{token.hint}</code>
                {scope === 'team' ? ` · ${token.personName}` : ''} · {describe(token, shopName, timeZone, scope)}
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => void revoke(token)}
                >
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {ended.length > 0 ? (
        <details>
          <summary>{say('revoked', { count: { count: ended.length } })}</summary>
          <ul className="history-list">
            {ended.map((token) => (
              <li key={token.id}>
                <span>
                  <strong>{token.name}</strong> <code>{token.hint}</code>
                  {scope === 'team' ? ` · ${token.personName}` : ''} · {describe(token, shopName, timeZone, scope)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {scope === 'account' ? (
        <NewTokenForm
          onMade={(token) => {
            setMessage(null);
            setMade(token);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
