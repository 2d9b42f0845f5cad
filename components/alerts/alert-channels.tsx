'use client';

import { useState } from 'react';
import { CHANNEL_KIND_LABELS, type ChannelItem } from '@/lib/alerts/schemas';
import { callApi } from '@/lib/endpoints/client';
import { Notice } from '@/components/team/notice';
import { ChannelForm } from './channel-form';
import { deliverySentence, STATE_LABELS } from './delivery-text';
import { whenText } from './figure-text';
import { say } from './messages';
import { useAlertAction } from './use-alert-action';
import { ConfirmRemove } from '@/components/states/confirm-remove';

// The Channels section (owners and admins): where alerts go besides everyone's inbox. A target is
// shown as a hint only (an address, or a URL's host): a Slack or webhook URL's path is a credential.

function ChannelRow({ channel: c, act, pending }: { channel: ChannelItem } & ReturnType<typeof useAlertAction>) {
  const [confirming, setConfirming] = useState(false);
  const params = { id: c.id };
  const last = c.lastDelivery;
  return (
    <tr>
      <td data-label="Name">
        <strong>{c.name}</strong>
      </td>
      <td data-label="Kind">{CHANNEL_KIND_LABELS[c.kind]}</td>
      <td data-label="Target" className="mono alert-wrap">
        {c.targetHint}
      </td>
      <td data-label="Last delivery">
        {last ? (
          <span title={last.lastError ?? undefined}>
            {STATE_LABELS[last.state]} · {whenText(last.updatedAt)}
            {last.lastError ? <span className="muted alert-rule-text"> — {last.lastError}</span> : null}
          </span>
        ) : (
          <span className="muted">None yet</span>
        )}
      </td>
      <td data-label="Actions">
        {confirming ? (
          <ConfirmRemove
            label={`Remove ${c.name}`}
            warning="Remove? Rules stop sending to it."
            pending={pending}
            onRemove={() =>
              void act(
                () => callApi('DELETE alert-channels/[id]', { params }),
                () => ({ kind: 'info', text: `Removed “${c.name}”.` }),
              )
            }
            onKeep={() => setConfirming(false)}
          />
        ) : (
          <div className="row-actions alert-wrap">
            <button
              type="button"
              className="btn btn-small"
              disabled={pending}
              onClick={() =>
                void act(
                  () => callApi('POST alert-channels/[id]/test', { params }),
                  ({ delivery }) => ({
                    kind: delivery.state === 'sent' ? 'info' : 'error',
                    text: say('testResult', {
                      channel: { text: c.name },
                      outcome: { text: deliverySentence(delivery) },
                    }),
                  }),
                )
              }
            >
              Send test
            </button>
            <button type="button" className="btn btn-small" onClick={() => setConfirming(true)}>
              Remove…
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

export function AlertChannels({ channels }: { channels: ChannelItem[] }) {
  const action = useAlertAction();
  return (
    <section className="card page-card" aria-labelledby="channels-title">
      <h2 id="channels-title">Channels</h2>
      <p className="muted" style={{ margin: 0 }}>
        Every alert reaches the inbox of each person who may see it; a rule can also send it to these.
      </p>
      <Notice message={action.message} />
      {channels.length === 0 ? (
        <p className="muted">No channels yet.</p>
      ) : (
        <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Channel list">
          <table className="stack-table alert-table" aria-label="Channels">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Target</th>
                <th scope="col">Last delivery</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((c) => (
                <ChannelRow key={c.id} channel={c} {...action} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ChannelForm />
    </section>
  );
}
