'use client';

import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { errorCopy } from '@/components/states/error-copy';
import { Notice, type NoticeMessage } from './notice';
import { say } from './messages';
import { DigestCard } from './digest-card';
import { AccessTokensCard } from './access-tokens';
import { LocaleCard } from './locale-card';
import { passwordProblem, PASSWORD_MIN } from '@/lib/team/password-policy';
import { roleLabel, roleSummary, type Role } from '@/lib/team/roles';

export interface AccountViewProps {
  name: string;
  email: string;
  role: Role;
  seesProfit: boolean;
  shops: string[] | 'all';
  /** The locale chosen for figures, or null: as the browser asks. */
  locale: string | null;
}

/** The signed-in person's own account: name, password, sessions. */
export function AccountView(props: AccountViewProps) {
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  async function run(work: () => Promise<unknown>, done: string) {
    setMessage(null);
    try {
      await work();
      setMessage({ kind: 'info', text: done });
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
      return false;
    }
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    await run(() => callApi('PATCH account', { body: { name } }), 'Your name is saved.');
  }

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('next') ?? '');
    const problem =
      passwordProblem(next, props.email) ??
      (next !== String(data.get('repeat') ?? '') ? 'The two new passwords differ.' : null);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    const ok = await run(
      () => callApi('POST account/password', { body: { current, next } }),
      'Your password is changed; every other session has ended.',
    );
    if (ok) form.reset();
  }

  async function everywhere() {
    if (await run(() => callApi('DELETE account/sessions'), 'Signed out everywhere.'))
      // A full page load on purpose: every server component renders with the new cookie.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/login');
  }

  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <div className="page-heading">
        <div>
          <h1>Your account</h1>
          <p className="muted page-summary">
            {props.email} · {roleLabel(props.role)}: {roleSummary(props.role)}{' '}
            {props.seesProfit ? '' : 'Costs and profit are hidden from you.'}{' '}
            {props.shops === 'all' ? 'Every shop.' : say('shopCount', { shops: { count: props.shops.length } })}
          </p>
        </div>
      </div>
      <Notice message={message} />
      <section className="card page-card" aria-labelledby="name-title">
        <h2 id="name-title">Name</h2>
        <form onSubmit={(e) => void rename(e)} className="cost-form">
          <div className="field">
            <label htmlFor="account-name">Your name (shown in the costs history)</label>
            <input id="account-name" name="name" className="input" defaultValue={props.name} maxLength={100} required />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn">
              Save name
            </button>
          </div>
        </form>
      </section>
      <section className="card page-card" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <form onSubmit={(e) => void changePassword(e)} className="cost-form">
          <div className="field">
            <label htmlFor="current">Current password</label>
            <input
              id="current"
              name="current"
              type="password"
              className="input"
              autoComplete="current-password"
              required
            />
          </div>
          <div className="field">
            <label htmlFor="next">New password</label>
            <input id="next" name="next" type="password" className="input" autoComplete="new-password" required />
            <small className="muted">At least {PASSWORD_MIN} characters; not one of the most common passwords.</small>
          </div>
          <div className="field">
            <label htmlFor="repeat">Repeat the new password</label>
            <input id="repeat" name="repeat" type="password" className="input" autoComplete="new-password" required />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn">
              Change password
            </button>
          </div>
        </form>
      </section>
      <LocaleCard choice={props.locale} />
      <DigestCard />
      <AccessTokensCard scope="account" timeZone="UTC" />
      <section className="card page-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p className="muted">Signed in on another computer, or lost a phone? End every session, this one included.</p>
        <button type="button" className="btn" onClick={() => void everywhere()}>
          Sign out everywhere
        </button>
      </section>
    </div>
  );
}
