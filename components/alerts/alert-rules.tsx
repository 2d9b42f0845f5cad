'use client';

import type { AlertRuleBody, AlertRules as Rules, ChannelItem } from '@/lib/alerts/schemas';
import type { ConnectedShop } from '@/lib/api/schemas';
import { callApi } from '@/lib/endpoints/client';
import { Notice } from '@/components/team/notice';
import { RuleForm } from './rule-form';
import { RuleRow } from './rule-row';
import { useAlertAction } from './use-alert-action';

// The Rules section: every rule this person sees, and (with `edit-alerts`) the form that adds one.

export interface AlertRulesProps {
  rules: Rules;
  shops: ConnectedShop[];
  allShops: boolean;
  channels: ChannelItem[] | null;
}

export function AlertRules({ rules, shops, allShops, channels }: AlertRulesProps) {
  const list = useAlertAction();
  const form = useAlertAction();
  const channelName = channels ? (id: string) => channels.find((c) => c.id === id)?.name ?? 'A removed channel' : null;

  async function add(body: AlertRuleBody) {
    const added = await form.act(
      () => callApi('POST alert-rules', { body }),
      (r) => ({ kind: 'info', text: `Added: ${r.description}.` }),
    );
    return added !== null;
  }

  return (
    <section className="card page-card" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules</h2>
      <p className="muted" style={{ margin: 0 }}>
        Checked after each sync. A rule alerts once when its condition starts, again after its wait if it lasts, and the
        alert shows as cleared when it ends.
      </p>
      <Notice message={list.message} />
      {rules.items.length === 0 ? (
        <p className="muted">No rules yet.</p>
      ) : (
        <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Alert rules table">
          <table className="stack-table alert-table" aria-label="Alert rules">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Shop</th>
                <th scope="col">Sent to</th>
                <th scope="col">Again after</th>
                <th scope="col" className="num">
                  Open
                </th>
                <th scope="col">On</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rules.items.map((rule) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  canEdit={rules.canEdit}
                  channelName={channelName}
                  pending={list.pending}
                  act={list.act}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rules.canEdit ? (
        <RuleForm
          kinds={rules.kinds}
          shops={shops}
          allShops={allShops}
          channels={channels}
          pending={form.pending}
          message={form.message}
          onProblem={(text) => form.setMessage({ kind: 'error', text })}
          onAdd={add}
        />
      ) : (
        <p className="muted">Viewers read and mute rules; the owner, admins and editors add and change them.</p>
      )}
    </section>
  );
}
