'use client';

import type { DeliveryItem } from '@/lib/alerts/schemas';
import { STATE_LABELS } from './delivery-text';
import { whenText } from './figure-text';

// The delivery log (owners and admins): each message to a channel, its attempts and why the last
// one failed, so a wrong address or a receiver that is down is found without reading server logs.

export function DeliveryLog({ items }: { items: DeliveryItem[] }) {
  return (
    <section className="card page-card" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log</h2>
      {items.length === 0 ? (
        <p className="muted">Nothing sent to a channel yet.</p>
      ) : (
        <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Delivery log table">
          <table className="stack-table alert-table" aria-label="Delivery log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Channel</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col" className="num">
                  Last status
                </th>
                <th scope="col">Reason</th>
                <th scope="col">Next try</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.id}>
                  <td data-label="When" className="nowrap">
                    <time dateTime={new Date(d.createdAt).toISOString()}>{whenText(d.createdAt)}</time>
                  </td>
                  <td data-label="Channel">{d.channelName}</td>
                  <td data-label="What" className="alert-rule-text">
                    {d.purpose === 'test' ? 'Test message' : (d.alertTitle ?? 'An alert')}
                  </td>
                  <td data-label="State">
                    <span
                      className={`badge ${d.state === 'failed' ? 'badge-negative' : d.state === 'pending' ? 'badge-warning' : ''}`}
                    >
                      {STATE_LABELS[d.state]}
                    </span>
                  </td>
                  <td data-label="Attempts" className="num">
                    {d.attempts}
                  </td>
                  <td data-label="Last status" className="num">
                    {d.lastStatus ?? '—'}
                  </td>
                  <td data-label="Reason" className="alert-rule-text">
                    {d.lastError ?? '—'}
                  </td>
                  <td data-label="Next try" className="nowrap">
                    {d.state === 'pending' && d.nextAt !== null ? whenText(d.nextAt) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
