'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { describeIssues } from '@/lib/contract/zod-issues';
import { checkInputDay, type InputDayKind } from '@/lib/costs/input-days';
import type { HistoryDetail } from '@/lib/costs/history';
import type { AuditEntry } from '@/lib/costs/types';
import { useCostWrite, type CostWrite } from '@/lib/queries/use-cost-mutations';
import { formProblem, NO_PROBLEM, type FormProblem } from './form-problem';

/** Says what a write did: the audit entry's own sentence ("Added ad spend of $12.50 on …"). */
/** What a write did: its history entry, structured (lib/costs/history), put into words by the save notice. */
export type OnSaved = (saved: HistoryDetail) => void;

/**
 * The kinds' write bodies (lib/costs/kind-bodies), with zod: loaded when a form is first focused or
 * sent, not with the page, whose first paint needs none of it.
 */
const loadBodies = () => import('@/lib/costs/kind-bodies');

/** A date field of the body to hold to the input window (lib/costs/input-days), by field name. */
export type DayFields = Partial<Record<string, { day: string | null; kind?: InputDayKind }>>;

/**
 * One form's write: checks the body with its cost kind's schema (the API's own) when a kind is
 * given, and its dates with the input window (against the shop's `today`), sends it, reports the
 * audit entry on success, and on failure splits the API's message by field. The form keeps its own
 * state, so nothing the seller typed is lost on an error; focus moves to the first field with a
 * problem so the message is read out with it.
 */
export function useCostForm(shopId: string, today: string, fields: readonly string[], onSaved: OnSaved) {
  const write = useCostWrite<{ audit: AuditEntry }>(shopId);
  const [problem, setProblem] = useState<FormProblem>(NO_PROBLEM);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  // The schemas start loading as soon as the seller is in a form, so sending never waits for them.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const warm = () => void loadBodies().catch(() => undefined);
    form.addEventListener('focusin', warm, { once: true });
    return () => form.removeEventListener('focusin', warm);
  }, []);

  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const submit = useCallback(
    async (request: CostWrite, kind?: { id: string }, days: DayFields = {}): Promise<boolean> => {
      setProblem(NO_PROBLEM);
      // The server's own rules first (lib/costs): the same words at once, without a round trip.
      // Schemas that cannot load (a dropped connection) leave the check to the server, which has the same rules.
      const schema = kind
        ? await loadBodies().then(
            (m) => m.kindBodySchema(kind),
            () => null,
          )
        : null;
      const checked = schema?.safeParse(request.body);
      const dayProblems = Object.entries(days).flatMap(([field, d]) => {
        const check = d?.day ? checkInputDay(d.day, today, d.kind) : null;
        return check && !check.ok ? [`${field}: ${check.message}`] : [];
      });
      const message = checked && !checked.success ? describeIssues(checked.error) : dayProblems.join('; ');
      if (message) {
        setProblem(formProblem({ code: 'INVALID_REQUEST', message }, fields));
        setFocusTick((n) => n + 1);
        return false;
      }
      try {
        const result = await write.mutateAsync(request);
        onSaved(result.audit.detail);
        return true;
      } catch (error) {
        setProblem(formProblem(error, fields));
        setFocusTick((n) => n + 1);
        return false;
      }
    },
    [write, fields, onSaved, today],
  );

  return { submit, problem, pending: write.isPending, formRef, clearProblem: () => setProblem(NO_PROBLEM) };
}
