'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { callApi } from '@/lib/endpoints/client';

export interface LoginFormProps {
  /** Already checked to be a same-site path (lib/session/next-path). */
  next: string;
  /** Filled in for the demo owner, or the email of a sign-in that came back with an error. */
  defaultEmail?: string;
  /** Why the form's plain POST (before its scripts loaded) came back: the sentence to show. */
  initialError?: string | null;
}

export function LoginForm({ next, defaultEmail, initialError = null }: LoginFormProps) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (email === '' || password === '') {
      setError('Enter your email and password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await callApi('POST session', { body: { email, password } }, { redirectOnUnauthenticated: false });
      // A full navigation, so every server component renders with the new cookie.
      window.location.assign(next);
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught.message
          : 'Could not reach the dashboard. Check your connection and try again.',
      );
      setPending(false);
    }
  }

  return (
    // Before its scripts load, the form posts itself to app/login/form, which signs in and redirects
    // (method="post": the password never goes into the URL); once they have, it posts JSON instead.
    <form onSubmit={onSubmit} noValidate className="login-form" method="post" action="/login/form">
      <input type="hidden" name="next" value={next} />
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          className="input"
          autoComplete="username"
          defaultValue={defaultEmail}
          autoFocus={!defaultEmail}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          className="input"
          autoComplete="current-password"
          autoFocus={Boolean(defaultEmail)}
          required
          aria-invalid={error !== null}
          aria-describedby={error ? 'login-error' : undefined}
        />
      </div>
      {error ? (
        <p id="login-error" role="alert" className="alert alert-error note">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
