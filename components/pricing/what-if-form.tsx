'use client';

import { useState, type FormEvent } from 'react';
import { SkuPicker, targetIds } from '@/components/your-costs/sku-picker';
import type { PricingReport } from '@/lib/pricing/report';
import { formatChanges, parseChanges } from '@/lib/pricing/scenario';
import type { PricingState } from '@/lib/views/pricing';
import { ScenarioList } from './scenario-list';

export interface WhatIfFormProps {
  report: PricingReport;
  /** The link's what-if was refused (the card says why above): the list says so instead of "No change yet". */
  refused: boolean;
  changes: string | null | undefined;
  elasticity: number | null | undefined;
  currency: string;
  onChange: (change: Partial<Pick<PricingState, 'changes' | 'elasticity'>>) => void;
}

const FIELDS = [
  { name: 'price', label: 'Price', hint: '12.99 or +5%' },
  { name: 'promo', label: 'Promo', hint: '10%' },
  { name: 'commission', label: 'Creator commission', hint: '15%' },
  { name: 'cogs', label: 'Cost of goods', hint: '4.20 or -10%' },
  { name: 'shipping', label: 'Shipping', hint: '3.50 or +8%' },
] as const;

/** One field's text as the scenario writes it: `price=12.99`, `price+5%`, `promo=10%`. */
function itemOf(name: string, raw: string): string | null {
  const v = raw.trim().replace(/\s+/g, '');
  if (v === '') return null;
  if (name === 'promo' || name === 'commission') return `${name}=${v.endsWith('%') ? v : `${v}%`}`;
  return /^[+-]/.test(v) ? `${name}${v.endsWith('%') ? v : `${v}%`}` : `${name}=${v}`;
}

/** The what-if's changes: for every SKU (in percent) or one SKU, kept in the URL so a link shares them. */
export function WhatIfForm({ report, refused, changes, elasticity, currency, onChange }: WhatIfFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  // A new picker after each change added, like the form's other fields: back to "Every SKU", no search.
  const [added, setAdded] = useState(0);
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const who = targetIds(target).skuId ?? '*';
    const items = FIELDS.map((f) => itemOf(f.name, String(form.get(f.name) ?? ''))).filter((x) => x !== null);
    if (items.length === 0) return setProblem('Write at least one change.');
    const entry = `${who === '*' ? '*' : encodeURIComponent(who)}:${items.join(',')}`;
    const next = parseChanges([changes ?? '', entry].filter(Boolean).join(';'));
    if (typeof next === 'string') return setProblem(next);
    setProblem(null);
    onChange({ changes: formatChanges(next) || null });
    event.currentTarget.reset();
    setTarget('');
    setAdded((n) => n + 1);
  }
  function setElasticity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get('elasticity') ?? '').trim();
    const n = Number(raw);
    if (raw === '') return onChange({ elasticity: null });
    if (!Number.isFinite(n) || n < -10 || n > 0) return setProblem('Elasticity is a number between -10 and 0.');
    setProblem(null);
    onChange({ elasticity: n });
  }
  return (
    <section className="pricing-what-if" aria-labelledby="what-if-title">
      <h2 id="what-if-title">What if</h2>
      <p className="muted note">
        Replays every counted order of the date range with your changes, same units sold: a new price scales each line’s
        sales, fees charged on sales follow, fixed fees stay.
      </p>
      <form className="what-if-form" onSubmit={add} aria-label="Add a change">
        <SkuPicker
          key={added}
          id="what-if-sku"
          label="Apply to"
          mode="sku"
          blank="Every SKU"
          skus={report.skus}
          value={target}
          onChange={setTarget}
        />
        {FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`what-if-${f.name}`}>{f.label}</label>
            <input id={`what-if-${f.name}`} name={f.name} className="input input-narrow" placeholder={f.hint} />
          </div>
        ))}
        <button type="submit" className="btn btn-primary">
          Add change
        </button>
      </form>
      <form className="what-if-form" onSubmit={setElasticity} key={String(elasticity)} aria-label="Price elasticity">
        <div className="field">
          <label htmlFor="what-if-elasticity">Price elasticity (assumption)</label>
          <input
            id="what-if-elasticity"
            name="elasticity"
            className="input input-narrow"
            placeholder="-1.5"
            defaultValue={elasticity ?? ''}
          />
        </div>
        <button type="submit" className="btn">
          Set
        </button>
      </form>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ScenarioList report={report} refused={refused} changes={changes} currency={currency} onChange={onChange} />
    </section>
  );
}
