'use client';

import { useState, type FormEvent } from 'react';
import type { AlertKindInfo, AlertRuleBody, ChannelItem } from '@/lib/alerts/schemas';
import type { ConnectedShop } from '@/lib/api/schemas';
import { cooldownSchema, DEFAULT_COOLDOWN_HOURS, type AlertKind } from '@/lib/alerts/rules';
import { Notice, type NoticeMessage } from '@/components/team/notice';
import { paramsProblem, readParams, ThresholdFields } from './threshold-fields';

// "Add rule": a kind (those this person may set), a shop or every shop (owners and admins), the
// kind's thresholds, where else it goes and how long before a lasting condition alerts again. The
// kind's own check runs here first; the server's sentence shows beside the form when it refuses.

export interface RuleFormProps {
  kinds: AlertKindInfo[];
  shops: ConnectedShop[];
  /** Owners and admins may set a rule on every shop at once. */
  allShops: boolean;
  /** The channels to tick (null: this person does not manage channels). */
  channels: ChannelItem[] | null;
  pending: boolean;
  message: NoticeMessage | null;
  onProblem: (text: string) => void;
  onAdd: (body: AlertRuleBody) => Promise<boolean>;
}

export function RuleForm({ kinds, shops, allShops, channels, pending, message, onProblem, onAdd }: RuleFormProps) {
  const [kind, setKind] = useState<AlertKind | undefined>(kinds[0]?.kind);
  const [shopId, setShopId] = useState<string>(allShops ? '' : (shops[0]?.id ?? ''));
  const info = kinds.find((k) => k.kind === kind) ?? kinds[0];
  if (!info) return <p className="muted">There is no kind of rule you can set.</p>;
  const currency = shops.find((s) => s.id === shopId)?.currency ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!info) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const params = readParams(info.kind, info.defaults, data);
    const cooldown = cooldownSchema.safeParse(Number(String(data.get('cooldownHours') ?? '')));
    const problem = paramsProblem(info.kind, params) ?? (cooldown.success ? null : cooldown.error.issues[0]?.message);
    if (problem) {
      onProblem(problem);
      return;
    }
    const added = await onAdd({
      kind: info.kind,
      shopId: shopId === '' ? null : shopId,
      params,
      channels: data.getAll('channels').map(String),
      cooldownHours: cooldown.data,
    });
    if (added) form.reset();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="cost-form" aria-labelledby="add-rule-title" noValidate>
      <h3 id="add-rule-title" className="subheading">
        Add rule
      </h3>
      <div className="cost-fields">
        <div className="field">
          <label htmlFor="rule-kind">When</label>
          <select
            id="rule-kind"
            className="select"
            value={info.kind}
            onChange={(e) => setKind(e.currentTarget.value as AlertKind)}
          >
            {kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rule-shop">Shop</label>
          <select id="rule-shop" className="select" value={shopId} onChange={(e) => setShopId(e.currentTarget.value)}>
            {allShops ? <option value="">All shops</option> : null}
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.shopName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rule-cooldown">Alert again after (hours)</label>
          <input
            id="rule-cooldown"
            name="cooldownHours"
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={720}
            defaultValue={DEFAULT_COOLDOWN_HOURS}
          />
        </div>
      </div>
      <ThresholdFields key={info.kind} kind={info.kind} defaults={info.defaults} currency={currency} />
      {channels && channels.length > 0 ? (
        <fieldset className="alert-channel-choice">
          <legend>Also send to (besides everyone&rsquo;s inbox)</legend>
          {channels.map((c) => (
            <label key={c.id} className="check check-wrap">
              <input type="checkbox" name="channels" value={c.id} />
              <span>
                {c.name} <span className="muted">({c.targetHint})</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <Notice message={message} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          Add rule
        </button>
      </div>
    </form>
  );
}
