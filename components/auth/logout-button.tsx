'use client';

import { useState } from 'react';
import { callApi } from '@/lib/endpoints/client';

export interface LogoutButtonProps {
  className?: string;
}

/** Signs out (DELETE /api/dashboard/session) and goes to the sign-in page. */
export function LogoutButton({ className = 'btn' }: LogoutButtonProps) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setPending(true);
    setFailed(false);
    try {
      await callApi('DELETE session', {}, { redirectOnUnauthenticated: false });
      // A full page load on purpose: it drops every cached response of the signed-out session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/login');
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      className={className}
      onClick={signOut}
      disabled={pending}
      title={failed ? 'Sign-out failed; try again' : undefined}
    >
      {pending ? 'Signing out…' : failed ? 'Sign out (retry)' : 'Sign out'}
    </button>
  );
}
