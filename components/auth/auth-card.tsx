import type { ReactNode } from 'react';
import { HydratedMark } from './hydrated';

/** The centred card of the sign-in, set-up and one-time link pages. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '1.5rem' }}>
      <div className="card" style={{ width: '100%', maxWidth: '24rem', display: 'grid', gap: '1rem' }}>
        <div>
          <h1 style={{ margin: 0, fontSize: '1.35rem' }}>{title}</h1>
          <p className="muted" style={{ margin: '0.25rem 0 0' }}>
            {lead}
          </p>
        </div>
        {children}
      </div>
      <HydratedMark />
    </main>
  );
}
