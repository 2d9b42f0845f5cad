'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { teamQueryOptions } from '@/lib/queries/options';
import { callApi, type ApiData } from '@/lib/endpoints/client';
import { errorCopy } from '@/components/states/error-copy';
import { OneTimeValue } from '@/components/states/one-time-value';
import { Notice, type NoticeMessage } from './notice';
import { InviteForm } from './invite-form';
import { ShopGrants } from './shop-grants';
import { PendingLinks, TeamHistory } from './team-lists';
import { AccessTokensCard } from './access-tokens';
import { formatTimeMs } from '@/lib/format/time';
import { alwaysSeesProfit, GRANTABLE_ROLES, isGrantable, roleLabel, type GrantableRole } from '@/lib/team/roles';

// The Team page (owner and admins): people, their role, costs-and-profit switch and shops, pending
// links, and the Team history. Every change goes through /api/dashboard/team/**; the server decides.

/** A one-time link made: sent by email (SMTP configured), else `emailProblem` says why not, or email is off. */
type LinkResult = ApiData<'POST team/invitations'>;

export function TeamView({ selfId }: { selfId: string }) {
  const query = useQuery(teamQueryOptions());
  const queryClient = useQueryClient();
  const data = query.data;
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey });

  async function act<T>(run: () => Promise<T>, done?: (result: T) => string | void) {
    setMessage(null);
    try {
      const result = await run();
      const text = done?.(result);
      if (text) setMessage({ kind: 'info', text });
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
    }
    await reload();
  }

  /** Makes a one-time link (invite, reset, resend) and shows it to copy. */
  const makeLink = (make: () => Promise<LinkResult>, done: (email: string) => string) =>
    act(make, (r) => {
      setLink({ email: r.invitation.email, url: `${window.location.origin}${r.path}` });
      // The link exists either way; a failed email is said as a warning beside it.
      if (r.emailProblem) {
        setMessage({ kind: 'error', text: `${done(r.invitation.email)} ${r.emailProblem}` });
        return;
      }
      return `${done(r.invitation.email)}${r.emailed ? ' The link was emailed to them.' : ''}`;
    });
  const shopName = (id: string) => data?.shops.find((s) => s.id === id)?.shopName ?? id;

  return (
    <div className="stack-page" style={{ display: 'grid', gap: '1rem' }}>
      <div className="page-heading">
        <div>
          <h1>Team</h1>
          <p className="muted page-summary">
            Who can sign in, what each person may do, and which shops they see. A change applies on their next click.
          </p>
        </div>
      </div>
      <Notice message={message} />
      {link ? (
        <OneTimeValue value={link.url} label="One-time link" copy="Copy link" onDone={() => setLink(null)}>
          One-time link for <strong>{link.email}</strong> (valid 7 days; send it to them yourself):
        </OneTimeValue>
      ) : null}
      {data ? (
        <>
          <InviteForm
            shops={data.shops}
            onInvite={(body) =>
              makeLink(
                () => callApi('POST team/invitations', { body }),
                (email) => `Invited ${email}.`,
              )
            }
          />
          <section className="card page-card" aria-labelledby="people-title">
            <h2 id="people-title">People</h2>
            <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="People table">
              <table className="stack-table">
                <thead>
                  <tr>
                    <th scope="col">Person</th>
                    <th scope="col">Role</th>
                    <th scope="col">Costs and profit</th>
                    <th scope="col">Shops</th>
                    <th scope="col">Last sign-in</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.people.map((p) => {
                    const fixed = p.id === selfId || !isGrantable(p.role);
                    const params = { id: p.id };
                    return (
                      <tr key={p.id}>
                        <th scope="row" className="stack-title">
                          <strong>{p.name}</strong>
                          <div className="muted">{p.email}</div>
                        </th>
                        <td data-label="Role">
                          {fixed ? (
                            roleLabel(p.role)
                          ) : (
                            <select
                              className="select"
                              aria-label={`Role of ${p.name}`}
                              value={p.role}
                              onChange={(e) =>
                                void act(
                                  () =>
                                    callApi('PATCH team/people/[id]', {
                                      params,
                                      body: { role: e.target.value as GrantableRole },
                                    }),
                                  () => `${p.name} is now ${e.target.value}.`,
                                )
                              }
                            >
                              {GRANTABLE_ROLES.map((r) => (
                                <option key={r} value={r}>
                                  {roleLabel(r)}
                                </option>
                              ))}
                            </select>
                          )}
                        </td>
                        <td data-label="Costs and profit">
                          {alwaysSeesProfit(p.role) ? (
                            'Always'
                          ) : (
                            <label className="check">
                              <input
                                type="checkbox"
                                checked={p.seesProfitSwitch}
                                disabled={fixed}
                                onChange={(e) =>
                                  void act(() =>
                                    callApi('PATCH team/people/[id]', {
                                      params,
                                      body: { seesProfit: e.target.checked },
                                    }),
                                  )
                                }
                              />
                              <span>{p.seesProfitSwitch ? 'Shown' : 'Hidden'}</span>
                            </label>
                          )}
                        </td>
                        <td data-label="Shops">
                          {p.shops === 'all' ? (
                            'All shops'
                          ) : (
                            <ShopGrants
                              person={p.name}
                              shops={data.shops}
                              granted={p.shops}
                              disabled={fixed}
                              label={p.shops.length === 0 ? 'None' : p.shops.map(shopName).join(', ')}
                              onSave={(shops) =>
                                void act(
                                  () => callApi('PATCH team/people/[id]', { params, body: { shops } }),
                                  () => `Saved ${p.name}'s shops.`,
                                )
                              }
                            />
                          )}
                        </td>
                        <td data-label="Last sign-in" className="nowrap">
                          {formatTimeMs(p.lastSignInAt, data.timeZone)}
                        </td>
                        <td data-label="Actions">
                          {fixed ? (
                            <span className="muted">{p.id === selfId ? 'You' : '—'}</span>
                          ) : (
                            <div className="row-actions">
                              <button
                                type="button"
                                className="btn btn-small"
                                onClick={() =>
                                  void makeLink(
                                    () => callApi('POST team/people/[id]/reset', { params }),
                                    () => `A reset link for ${p.name} is ready.`,
                                  )
                                }
                              >
                                Reset password
                              </button>
                              <button
                                type="button"
                                className="btn btn-small"
                                onClick={() =>
                                  void act(
                                    () => callApi('DELETE team/people/[id]/sessions', { params }),
                                    () => `${p.name} is signed out everywhere.`,
                                  )
                                }
                              >
                                Sign out everywhere
                              </button>
                              <button
                                type="button"
                                className="btn btn-small"
                                onClick={() => {
                                  if (
                                    window.confirm(
                                      `Remove ${p.name} (${p.email}) from the team? Their next click lands on the sign-in page.`,
                                    )
                                  )
                                    void act(
                                      () => callApi('DELETE team/people/[id]', { params }),
                                      () => `Removed ${p.name}.`,
                                    );
                                }}
                              >
                                Remove {p.name}
                              </button>
                            </div>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
          <PendingLinks
            timeZone={data.timeZone}
            links={data.pending}
            onResend={(id) =>
              void makeLink(
                () => callApi('POST team/invitations/[id]', { params: { id } }),
                (email) => `A new link for ${email} is ready; the old one no longer works.`,
              )
            }
            onRevoke={(link) =>
              void act(
                () => callApi('DELETE team/invitations/[id]', { params: { id: link.id } }),
                () => `Revoked the link of ${link.email}.`,
              )
            }
          />
          <AccessTokensCard scope="team" timeZone={data.timeZone} />
          <TeamHistory entries={data.history} timeZone={data.timeZone} />
        </>
      ) : query.isError ? (
        <p role="alert" className="alert alert-error">
          {errorCopy(query.error).message}
        </p>
      ) : (
        <p className="muted">Loading the team…</p>
      )}
    </div>
  );
}
