'use client';

import { useId, useState } from 'react';
import { useViewer } from '@/components/app-shell/viewer';
import { skuText } from '@/lib/format/sku';
import type { PricingReport } from '@/lib/pricing/report';
import { SCENARIO_NAME_MAX } from '@/lib/pricing/scenario';
import { useDeleteScenario, usePricingScenarios, useSaveScenario } from '@/lib/queries/use-pricing-scenarios';
import { allows } from '@/lib/team/roles';
import type { PricingState } from '@/lib/views/pricing';
import { changesInWords } from './scenario-list';
import { say } from './messages';

export interface SavedScenariosProps {
  shopId: string;
  timezone: string;
  currency: string;
  report: PricingReport;
  /** The URL's scenario: what "Save this scenario" saves. */
  changes: string | null | undefined;
  elasticity: number | null | undefined;
  onOpen: (change: Pick<PricingState, 'changes' | 'elasticity'>) => void;
}

/**
 * The shop's saved, named scenarios (docs/ARCHITECTURE.md#pricing): open one (it becomes the URL's
 * scenario), delete one, or save the URL's under a name. Saving and deleting are for people who
 * edit costs; a saved scenario is only text and changes no reported figure.
 */
export function SavedScenarios({
  shopId,
  timezone,
  currency,
  report,
  changes,
  elasticity,
  onOpen,
}: SavedScenariosProps) {
  const canEdit = allows(useViewer(), 'edit-costs');
  const list = usePricingScenarios(shopId);
  const save = useSaveScenario(shopId);
  const remove = useDeleteScenario(shopId);
  const [name, setName] = useState('');
  const nameId = useId();
  const nameOf = (id: string) => {
    const r = report.rows.find((x) => x.skuId === id);
    return r ? skuText(r) : id;
  };
  const scenarios = list.data?.scenarios ?? [];
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!changes) return;
    save.mutate({ name: name.trim(), changes, elasticity: elasticity ?? null }, { onSuccess: () => setName('') });
  };
  return (
    <section className="pricing-saved" aria-labelledby="saved-scenarios-title">
      <h2 id="saved-scenarios-title">Saved scenarios</h2>
      {list.error ? (
        <p className="field-error" role="alert">
          {list.error.message}
        </p>
      ) : list.isPending ? (
        <p className="muted note">Loading the saved scenarios…</p>
      ) : scenarios.length === 0 ? (
        <p className="muted note">No saved scenario yet.</p>
      ) : (
        <ul className="pricing-saved-list" aria-label="Saved scenarios">
          {scenarios.map((s) => (
            <li key={s.id}>
              <div>
                <strong>{s.name}</strong>
                <span className="pricing-saved-words">
                  {s.elasticity === null
                    ? changesInWords(s.changes, currency, nameOf)
                    : say('savedWithElasticity', {
                        changes: { text: changesInWords(s.changes, currency, nameOf) },
                        elasticity: { text: String(s.elasticity) },
                      })}
                </span>
                <span className="muted">
                  {say('savedBy', { who: { text: s.createdBy }, time: { time: s.updatedAt, timeZone: timezone } })}
                </span>
              </div>
              <div className="pricing-saved-actions">
                <button
                  type="button"
                  className="btn"
                  aria-label={`Open ${s.name}`}
                  onClick={() => onOpen({ changes: s.changes, elasticity: s.elasticity })}
                >
                  Open
                </button>
                {canEdit ? (
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Delete ${s.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Delete the scenario “${s.name}”? The figures do not change.`))
                        remove.mutate(s.id);
                    }}
                  >
                    Delete
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.error ? (
        <p className="field-error" role="alert">
          {remove.error.message}
        </p>
      ) : null}
      {canEdit && changes ? (
        <form className="pricing-saved-form" onSubmit={submit}>
          <label htmlFor={nameId}>Scenario name</label>
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={SCENARIO_NAME_MAX}
            required
            onChange={(e) => {
              save.reset();
              setName(e.target.value);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending || name.trim() === ''}>
            Save this scenario
          </button>
          {save.error ? (
            <p className="field-error" role="alert">
              {save.error.message}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
