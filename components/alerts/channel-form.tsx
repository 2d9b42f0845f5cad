'use client';

import { useState, type FormEvent } from 'react';
import { CHANNEL_KIND_LABELS, CHANNEL_KINDS, type ChannelKind } from '@/lib/alerts/schemas';
import { callApi } from '@/lib/endpoints/client';
import { Notice } from '@/components/team/notice';
import { OneTimeValue } from '@/components/states/one-time-value';
import { useAlertAction } from './use-alert-action';

// "Add a channel": an email address, a Slack incoming webhook or a signed webhook. A webhook's
// signing secret is answered once: it is shown here to copy, and never again.

const TARGETS: Record<ChannelKind, { label: string; placeholder: string; type: string }> = {
  email: { label: 'Email address', placeholder: 'alerts@example.com', type: 'email' },
  slack: { label: 'Slack incoming webhook URL', placeholder: 'https://hooks.slack.com/services/…', type: 'url' },
  webhook: { label: 'Webhook URL', placeholder: 'https://example.com/hooks/profit', type: 'url' },
};

export function ChannelForm() {
  const { act, pending, message } = useAlertAction();
  const [kind, setKind] = useState<ChannelKind>('email');
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const target = TARGETS[kind];

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setSecret(null);
    const created = await act(
      () => callApi('POST alert-channels', { body: { kind, name: text('name'), target: text('target') } }),
      (r) => ({ kind: 'info', text: `Added “${r.channel.name}”.` }),
    );
    if (!created) return;
    form.reset();
    if (created.signingSecret) setSecret({ name: created.channel.name, value: created.signingSecret });
  }

  return (
    <>
      {secret ? (
        <OneTimeValue
          className="cost-form"
          value={secret.value}
          label="Signing secret"
          copy="Copy secret"
          onDone={() => setSecret(null)}
        >
          The signing secret of <strong>{secret.name}</strong>. Copy it now into the receiver&rsquo;s settings: it is
          shown only this once, and the receiver checks each message&rsquo;s signature with it.
        </OneTimeValue>
      ) : null}
      <form onSubmit={(e) => void add(e)} className="cost-form" aria-labelledby="add-channel-title" noValidate>
        <h3 id="add-channel-title" className="subheading">
          Add a channel
        </h3>
        <div className="cost-fields">
          <div className="field">
            <label htmlFor="channel-kind">Kind</label>
            <select
              id="channel-kind"
              className="select"
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as ChannelKind)}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CHANNEL_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="channel-name">Name</label>
            <input id="channel-name" name="name" className="input" maxLength={100} placeholder="Ops team" />
          </div>
          <div className="field">
            <label htmlFor="channel-target">{target.label}</label>
            <input
              id="channel-target"
              name="target"
              className="input"
              type={target.type}
              inputMode={target.type === 'url' ? 'url' : 'email'}
              placeholder={target.placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </div>
        <Notice message={message} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            Add channel
          </button>
        </div>
      </form>
    </>
  );
}
