'use client';

import Link from 'next/link';
import type { AlertInbox as Inbox, AlertItem } from '@/lib/alerts/schemas';
import { EmptyState } from '@/components/states/empty-state';
import { figureText, whenText } from './figure-text';
import { say, sayNodes } from './messages';

// The person's alerts, latest first: what happened in which shop, the figure beside what it was
// compared with, whether the condition still lasts, and a link to the view that shows it.

export interface AlertInboxProps {
  inbox: Inbox;
  pending: boolean;
  onRead: (ids: string[] | 'all') => void;
}

/** A moment of the alert, on the reader's clock, with its instant for machines. */
const timeOf = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{whenText(ms)}</time>;

function AlertEntry({
  alert,
  pending,
  onRead,
}: {
  alert: AlertItem;
  pending: boolean;
  onRead: AlertInboxProps['onRead'];
}) {
  const figure = figureText(alert.figure);
  const titleId = `alert-${alert.id}-title`;
  return (
    <li className="alert-entry" data-unread={alert.read ? undefined : 'true'}>
      <article aria-labelledby={titleId}>
        <div className="alert-entry-head">
          <span className="badge">{alert.shopName}</span>
          {alert.read ? null : <span className="badge badge-info">Unread</span>}
          <span className={`badge ${alert.clearedAt === null ? 'badge-warning' : ''}`}>
            {alert.clearedAt === null ? 'Still open' : 'Cleared'}
          </span>
        </div>
        <h3 id={titleId} className="alert-entry-title">
          {alert.title}
        </h3>
        <p className="alert-entry-message">{alert.message}</p>
        <p className="muted alert-entry-meta">
          <span>
            {figure.baseline !== null
              ? sayNodes(
                  'figureCompared',
                  { baseline: { text: figure.baseline } },
                  { value: <strong>{figure.value}</strong> },
                )
              : sayNodes('figure', {}, { value: <strong>{figure.value}</strong> })}
          </span>
          <span>
            {alert.clearedAt !== null
              ? sayNodes('openedCleared', {}, { opened: timeOf(alert.openedAt), cleared: timeOf(alert.clearedAt) })
              : sayNodes('opened', {}, { opened: timeOf(alert.openedAt) })}
          </span>
        </p>
        <div className="row-actions alert-entry-actions">
          <Link className="btn btn-small" href={alert.link} aria-label={`Show: ${alert.title}`}>
            Show
          </Link>
          {alert.read ? null : (
            <button
              type="button"
              className="btn btn-small"
              disabled={pending}
              onClick={() => onRead([alert.id])}
              aria-label={`Mark read: ${alert.title}`}
            >
              Mark read
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

export function AlertInbox({ inbox, pending, onRead }: AlertInboxProps) {
  return (
    <section className="card page-card" aria-labelledby="inbox-title">
      <div className="section-head">
        <h2 id="inbox-title">
          Inbox <span className="muted">{say('unread', { count: { count: inbox.unread } })}</span>
        </h2>
        {inbox.unread > 0 ? (
          <button type="button" className="btn btn-small" disabled={pending} onClick={() => onRead('all')}>
            Mark all read
          </button>
        ) : null}
      </div>
      {inbox.items.length === 0 ? (
        <EmptyState
          title="No alerts yet"
          reason="When a rule's condition is met after a sync, the alert appears here (and in the bell at the top)."
        />
      ) : (
        <ul className="alert-list">
          {inbox.items.map((alert) => (
            <AlertEntry key={alert.id} alert={alert} pending={pending} onRead={onRead} />
          ))}
        </ul>
      )}
    </section>
  );
}
