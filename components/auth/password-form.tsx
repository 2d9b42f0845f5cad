'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { callApi } from '@/lib/endpoints/client';
import { PASSWORD_MIN, passwordProblem } from '@/lib/team/password-policy';

export interface PasswordFormProps {
  /** The one-time link (invitation or reset) the password is set through; without it, the owner's set-up. */
  linkToken?: string;
  /** The email the password is for; null: the form asks for it (the owner's set-up). */
  email: string | null;
  /** Ask for a display name (set-up and invitations; not a password reset). */
  askName: boolean;
  submitLabel: string;
  /** The owner's set-up: ask for the server's set-up token, filled in with this value (from the printed link). */
  setupToken?: string;
  /** Where the form posts itself before its scripts load (a route that answers with a redirect), if anywhere. */
  plainAction?: string;
  /** Why that plain POST came back: the sentence to show, and the email to fill in again. */
  initialError?: string | null;
  defaultEmail?: string;
}

/** Sets a password (first owner, an invitation, a reset), with the server's rule checked as you type. */
export function PasswordForm({
  linkToken,
  email,
  askName,
  submitLabel,
  setupToken,
  plainAction,
  initialError = null,
  defaultEmail,
}: PasswordFormProps) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedEmail = email ?? String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const token = String(form.get('token') ?? '').trim();
    const problem =
      setupToken !== undefined && token === ''
        ? "Enter the set-up token from the server's output."
        : typedEmail === ''
          ? 'Enter your email.'
          : (passwordProblem(password, typedEmail) ?? (password !== confirm ? 'The two passwords differ.' : null));
    if (problem) {
      setError(problem);
      return;
    }
    const name = askName ? String(form.get('name') ?? '').trim() : undefined;
    setPending(true);
    setError(null);
    try {
      const once = { redirectOnUnauthenticated: false };
      await (linkToken === undefined
        ? callApi('POST setup', { body: { email: typedEmail, password, name: name ?? '', token } }, once)
        : callApi('POST links/[token]', { params: { token: linkToken }, body: { password, name } }, once));
      // A full page load on purpose: every server component renders with the new cookie.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not reach the dashboard. Try again.');
      setPending(false);
    }
  }

  return (
    // method="post": a click before the page is interactive never puts the password in the URL; with
    // `plainAction` it goes to a route that does the same as the scripts would (app/login/setup).
    <form onSubmit={onSubmit} noValidate className="login-form" method="post" action={plainAction}>
      {setupToken !== undefined ? (
        <div className="field">
          <label htmlFor="setup-token">Set-up token</label>
          <input
            id="setup-token"
            name="token"
            className="input"
            defaultValue={setupToken}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="setup-token-hint"
            required
          />
          <small id="setup-token-hint" className="muted">
            The server printed it in its output (its console or log) when it started, with a link that fills it in.
          </small>
        </div>
      ) : null}
      {email === null ? (
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            className="input"
            autoComplete="username"
            defaultValue={defaultEmail}
            required
          />
        </div>
      ) : (
        <p style={{ margin: 0 }}>
          For <strong>{email}</strong>
        </p>
      )}
      {askName ? (
        <div className="field">
          <label htmlFor="name">Your name</label>
          <input id="name" name="name" className="input" autoComplete="name" maxLength={100} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="password">New password</label>
        <input
          id="password"
          name="password"
          type="password"
          className="input"
          autoComplete="new-password"
          aria-describedby="password-rule"
          required
        />
        <small id="password-rule" className="muted">
          At least {PASSWORD_MIN} characters; not one of the most common passwords.
        </small>
      </div>
      <div className="field">
        <label htmlFor="confirm">Repeat the password</label>
        <input id="confirm" name="confirm" type="password" className="input" autoComplete="new-password" required />
      </div>
      {error ? (
        <p role="alert" className="alert alert-error note">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
