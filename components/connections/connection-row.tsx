import { formatShopDateTime } from '@/lib/time/dates';
import { formatDay } from '@/lib/format/time';
import { ConnectionActions } from './connection-actions';
import type { ConnectionItem } from '@/lib/api/connection-schemas';

// One row of the Connections page's list: a connection's address, key hint and shop count, and
// what the owner can do to it. The environment's connection is the server's to change.

export interface ConnectionRowProps {
  connection: ConnectionItem;
  onRemoved: (sentence: string) => void;
}

export function ConnectionRow({ connection: c, onRemoved }: ConnectionRowProps) {
  const id = c.id;
  return (
    <tr>
      <td data-label="Name">
        <span>
          <strong>{c.name}</strong>
          {id ? null : <span className="muted connection-note">Set in the server&rsquo;s environment</span>}
        </span>
      </td>
      <td data-label="Address">
        <span className="mono">{c.baseUrl}</span>
      </td>
      <td data-label="App key">
        <span className="mono">{c.appKeyHint}</span>
      </td>
      <td data-label="Shops" className="num">
        {c.shops}
      </td>
      <td data-label="Added">
        {c.createdAt ? formatDay(formatShopDateTime(Math.floor(c.createdAt / 1000), 'UTC').slice(0, 10)) : '—'}
      </td>
      <td data-label="Actions" className={id ? 'connection-actions-cell' : undefined}>
        {id ? <ConnectionActions connection={{ ...c, id }} onRemoved={onRemoved} /> : <span className="muted">—</span>}
      </td>
    </tr>
  );
}
