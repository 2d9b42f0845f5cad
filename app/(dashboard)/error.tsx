'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { ApiError } from '@/lib/api/api-error';

// A page that failed on the server keeps the dashboard's frame (the layout above it) and says what
// the dashboard's API says right now, instead of the framework's generic "couldn't load".

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    // The shop list needs the session, the store and the upstream: its answer names whichever failed.
    callApi('GET shops')
      .then(() => setMessage('Something went wrong while showing this page; the dashboard itself is answering.'))
      .catch((error: unknown) =>
        setMessage(
          error instanceof ApiError ? error.message : "Could not reach the dashboard's server. Check your connection.",
        ),
      );
  }, []);
  return (
    <section className="card page-card" aria-labelledby="page-error-title">
      <div role="alert" className="alert alert-error state-block">
        <h1 id="page-error-title" className="state-title">
          This page could not be shown
        </h1>
        <p>{message ?? 'Checking what went wrong…'}</p>
        <button type="button" className="btn" onClick={() => reset()}>
          Try again
        </button>
      </div>
    </section>
  );
}
