'use client';

import { useState } from 'react';
import type { AlertRuleItem } from '@/lib/alerts/schemas';
import { callApi } from '@/lib/endpoints/client';
import { ConfirmRemove } from '@/components/states/confirm-remove';
import type { Act } from '@/components/states/use-action';
import { say } from './messages';

// One rule of the Rules list: what it watches, where, where else it goes, and what this person may
// do to it (switch it on or off and remove it with `edit-alerts`; mute it for themselves always).

export interface RuleRowProps {
  rule: AlertRuleItem;
  canEdit: boolean;
  /** A channel's name by its id (null: this person does not see the channels). */
  channelName: ((id: string) => string) | null;
  pending: boolean;
  act: Act;
}

export function RuleRow({ rule, canEdit, channelName, pending, act }: RuleRowProps) {
  const [confirming, setConfirming] = useState(false);
  const params = { id: rule.id };
  const channels =
    rule.channels.length === 0
      ? 'Inbox only'
      : channelName
        ? rule.channels.map(channelName).join(', ')
        : say('inboxAndChannels', { count: { count: rule.channels.length } });
  return (
    <tr>
      <td data-label="Rule" className="alert-rule-text">
        {rule.description}
      </td>
      <td data-label="Shop">{rule.shopName ?? 'All shops'}</td>
      <td data-label="Sent to">{channels}</td>
      <td data-label="Again after" className="nowrap">
        {rule.cooldownHours} h
      </td>
      <td data-label="Open" className="num">
        {rule.open}
      </td>
      <td data-label="On">
        <label className="check">
          <input
            type="checkbox"
            checked={rule.enabled}
            disabled={!canEdit || pending}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              void act(() => callApi('PATCH alert-rules/[id]', { params, body: { enabled } }));
            }}
          />
          <span className="visually-hidden">Rule on: {rule.description}</span>
          <span aria-hidden="true">{rule.enabled ? 'On' : 'Off'}</span>
        </label>
      </td>
      <td data-label="Actions">
        {confirming ? (
          <ConfirmRemove
            label={`Remove the rule: ${rule.description}`}
            warning="Remove? Its alerts leave every inbox."
            pending={pending}
            onRemove={() =>
              void act(
                () => callApi('DELETE alert-rules/[id]', { params }),
                () => ({ kind: 'info', text: 'The rule was removed.' }),
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
                  () => callApi('PUT alert-rules/[id]/mute', { params, body: { muted: !rule.muted } }),
                  (r) => ({
                    kind: 'info',
                    text: r.muted ? 'Muted: its alerts no longer reach your inbox.' : 'Unmuted.',
                  }),
                )
              }
            >
              {rule.muted ? 'Unmute' : 'Mute for me'}
            </button>
            {canEdit ? (
              <button type="button" className="btn btn-small" onClick={() => setConfirming(true)}>
                Remove…
              </button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}
