'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ApiError } from '@/lib/api/api-error';
import { ClosedMonthsContext, type ClosedMonthsPrompt } from '@/lib/queries/closed-months';
import type { ClosedMonthsChange } from '@/lib/reports/books-schemas';

type Shown =
  | { kind: 'ask'; message: string; confirm: string; answer: (yes: boolean) => void }
  | { kind: 'saved'; message: string };

/**
 * The warning before a closed month changes, for every write of the inputs on the page: the
 * server's sentence (which closed months, where the adjustments go), the write's confirm words
 * ("Save and book as adjustments") or "Don't save"; once saved, what it changed there.
 */
export function ClosedMonthsPromptProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const ask = useCallback(
    (error: ApiError, confirm: string) =>
      new Promise<boolean>((resolve) =>
        setShown({
          kind: 'ask',
          message: error.message,
          confirm,
          answer: (yes) => {
            setShown(null);
            resolve(yes);
          },
        }),
      ),
    [],
  );
  const saved = useCallback((change: ClosedMonthsChange) => setShown({ kind: 'saved', message: change.message }), []);
  const prompt = useMemo<ClosedMonthsPrompt>(() => ({ ask, saved }), [ask, saved]);
  return (
    <ClosedMonthsContext.Provider value={prompt}>
      {children}
      {shown ? <ClosedMonthsDialog shown={shown} onDone={() => setShown(null)} /> : null}
    </ClosedMonthsContext.Provider>
  );
}

function ClosedMonthsDialog({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const cancel = () => (shown.kind === 'ask' ? shown.answer(false) : onDone());
  return (
    <dialog
      ref={ref}
      className="explain-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        cancel();
      }}
    >
      <h2 id={`${id}-title`}>{shown.kind === 'ask' ? 'This changes a closed month' : 'Saved into a closed month'}</h2>
      <p>{shown.message}</p>
      {shown.kind === 'ask' ? <p className="muted note">Nothing is saved until you choose.</p> : null}
      <div className="form-actions">
        {shown.kind === 'ask' ? (
          <>
            <button type="button" className="btn btn-primary" onClick={() => shown.answer(true)}>
              {shown.confirm}
            </button>
            <button type="button" className="btn" onClick={() => shown.answer(false)}>
              Don’t save
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onDone}>
            OK
          </button>
        )}
      </div>
    </dialog>
  );
}
