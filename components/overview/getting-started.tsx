'use client';

import Link from 'next/link';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allows } from '@/lib/team/roles';
import { useViewer } from '@/components/app-shell/viewer';
import { callApi } from '@/lib/endpoints/client';
import { alertRulesQueryOptions, teamQueryOptions, yourCostsQueryOptions } from '@/lib/queries/options';
import { DEFAULT_PARAMS, KIND_LABELS, type AlertKind } from '@/lib/alerts/kinds';

// A new owner's first steps, beside the figures: the first read, their own costs, their ad spend,
// an alert, their team. Each step ticks itself off from the data; the list goes away once every
// step is done, or when the person hides it.

const HIDDEN_KEY = 'spd-getting-started-hidden';
/** Alerts worth having from day one: a SKU that loses money, refunds that spike, a sync that stops. */
const SUGGESTED: AlertKind[] = ['sku-loss', 'refund-spike', 'sync-stale'];

const HIDDEN_EVENT = 'spd-getting-started';
/** A shop whose first read was seen done: the step stays ticked when a longer range is opened later. */
const firstReadKey = (shopId: string) => `spd-first-read:${shopId}`;
const readHidden = () => window.localStorage.getItem(HIDDEN_KEY) === '1';
function subscribeHidden(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(HIDDEN_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(HIDDEN_EVENT, onChange);
  };
}

export interface GettingStartedProps {
  shopId: string;
  /** Whether the overview's range is stored completely (the first read is over). */
  firstReadDone: boolean;
}

export function GettingStarted({ shopId, firstReadDone }: GettingStartedProps) {
  const viewer = useViewer();
  // The first read is done once: a range opened later (a year, a typed 1,063 days) that is still
  // being read does not un-tick it.
  const readBefore = useSyncExternalStore(
    subscribeHidden,
    () => window.localStorage.getItem(firstReadKey(shopId)) === '1',
    () => false,
  );
  useEffect(() => {
    if (firstReadDone) window.localStorage.setItem(firstReadKey(shopId), '1');
  }, [firstReadDone, shopId]);
  const firstRead = firstReadDone || readBefore;
  const manages = allows(viewer, 'manage-team');
  // Hidden on the server (it cannot know what this browser hid), read from the browser after hydration.
  const hidden = useSyncExternalStore(subscribeHidden, readHidden, () => true);
  const costs = useQuery({ ...yourCostsQueryOptions(shopId), enabled: manages && !hidden });
  const rules = useQuery({ ...alertRulesQueryOptions(), enabled: manages && !hidden });
  const team = useQuery({ ...teamQueryOptions(), enabled: manages && !hidden });
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<'idle' | 'adding' | string>('idle');
  if (!manages || hidden || !costs.data || !rules.data || !team.data) return null;

  const steps = [
    { done: firstRead, text: 'Your orders are read from the Reporting Service', href: null, action: 'Under way' },
    {
      done: costs.data.inputs.cogs.length > 0,
      text: 'Add your cost of goods',
      href: '/sku-costs',
      action: 'Set unit costs',
    },
    {
      done: costs.data.inputs.adSpend.length > 0,
      text: 'Import your ad spend',
      href: '/your-costs',
      action: 'Import ad spend',
    },
    { done: rules.data.items.length > 0, text: 'Set an alert', href: '/alerts', action: 'Choose alerts' },
    { done: team.data.people.length > 1, text: 'Invite your team', href: '/team', action: 'Invite someone' },
  ];
  if (steps.every((s) => s.done)) return null;

  async function addSuggested() {
    setAdding('adding');
    try {
      for (const kind of SUGGESTED.filter((k) => rules.data?.kinds.some((info) => info.kind === k)))
        await callApi('POST alert-rules', {
          body: { shopId: null, kind, params: DEFAULT_PARAMS[kind], channels: [] },
        });
      await queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions().queryKey });
      setAdding('idle');
    } catch (error) {
      setAdding(error instanceof Error ? error.message : 'The alerts could not be added.');
    }
  }

  return (
    <section className="card getting-started" aria-labelledby="getting-started-title">
      <h2 id="getting-started-title">Getting started</h2>
      <ol className="getting-started-steps">
        {steps.map((s) => (
          <li key={s.text} className={s.done ? 'step-done' : undefined}>
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span> {s.text}
            {s.done ? <span className="visually-hidden"> (done)</span> : null}
            {!s.done && s.href ? (
              <>
                {' '}
                · <Link href={s.href}>{s.action}</Link>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {rules.data.items.length === 0 && rules.data.canEdit ? (
        <p className="muted note">
          Suggested alerts, for every shop, in the alerts inbox:{' '}
          {SUGGESTED.map((k) => KIND_LABELS[k].toLowerCase()).join(', ')}.{' '}
          <button type="button" className="btn" disabled={adding === 'adding'} onClick={() => void addSuggested()}>
            {adding === 'adding' ? 'Adding…' : 'Add the suggested alerts'}
          </button>
          {adding !== 'idle' && adding !== 'adding' ? (
            <span role="alert" className="negative">
              {' '}
              {adding}
            </span>
          ) : null}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-link"
        onClick={() => {
          window.localStorage.setItem(HIDDEN_KEY, '1');
          window.dispatchEvent(new Event(HIDDEN_EVENT));
        }}
      >
        Hide this list
      </button>
    </section>
  );
}
