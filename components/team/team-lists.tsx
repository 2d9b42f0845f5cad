'use client';

import { roleLabel, type Role } from '@/lib/team/roles';
import { formatTimeMs } from '@/lib/format/time';
import { sayNodes } from './messages';

// The Team page's two lists: pending one-time links and the Team history.

export interface LinkRow {
  id: string;
  kind: 'invite' | 'reset';
  email: string;
  role: Role;
  shops: string[];
  expiresAt: number;
  createdBy: string;
}

export interface TeamHistoryEntry {
  id: string;
  at: number;
  actorName: string;
  summary: string;
}

export function PendingLinks(props: {
  links: readonly LinkRow[];
  onResend: (id: string) => void;
  onRevoke: (link: LinkRow) => void;
  /** The clock the times are shown on (the page names it). */
  timeZone: string;
}) {
  const { timeZone } = props;
  return (
    <section className="card page-card" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invitations and reset links</h2>
      {props.links.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="history-list">
          {props.links.map((l) => (
            <li key={l.id}>
              <span>
                {sayNodes(
                  'pendingLink',
                  {
                    kind: { text: l.kind },
                    role: { text: roleLabel(l.role) },
                    at: { time: l.expiresAt, timeZone },
                    by: { text: l.createdBy },
                  },
                  { email: <strong>{l.email}</strong> },
                )}
              </span>
              <span className="row-actions">
                <button type="button" className="btn btn-small" onClick={() => props.onResend(l.id)}>
                  Resend
                </button>
                <button type="button" className="btn btn-small" onClick={() => props.onRevoke(l)}>
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TeamHistory({ entries, timeZone }: { entries: readonly TeamHistoryEntry[]; timeZone: string }) {
  return (
    <section className="card page-card" aria-labelledby="team-history-title">
      <h2 id="team-history-title">Team history</h2>
      <p className="muted note">Times in {timeZone}.</p>
      <ol className="history-list">
        {entries.map((h) => (
          <li key={h.id}>
            <time className="muted nowrap">{formatTimeMs(h.at, timeZone)}</time>
            <span className="history-summary">{h.summary}</span>
            <span className="muted">by {h.actorName}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
