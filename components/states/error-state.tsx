'use client';

import { errorCopy } from './error-copy';

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
}

/** Tells the user what happened and what to do; "Try again" only where trying again can help. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const copy = errorCopy(error);
  return (
    <div role="alert" className="alert alert-error state-block">
      <p className="state-title">{copy.title}</p>
      <p>{copy.message}</p>
      {onRetry && copy.retryable ? (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
