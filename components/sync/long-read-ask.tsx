'use client';

import { useState } from 'react';
import type { LongReadQuestion } from './use-report-query';

/**
 * A long first read waits for the seller: the API's estimate in its words (days, pages, minutes of
 * the key's budget) and "Read it", which starts it. Until then nothing is read.
 */
export function LongReadAsk({ ask }: { ask: LongReadQuestion | null }) {
  const [state, setState] = useState<'asking' | 'starting' | 'failed'>('asking');
  if (!ask) return null;
  return (
    <div className="alert alert-warning long-read-ask" role="alert">
      <p style={{ margin: 0 }}>
        <strong>Read this whole range?</strong> {ask.question}
      </p>
      {state === 'failed' ? <p style={{ margin: 0 }}>The read could not be started; try again in a moment.</p> : null}
      <p style={{ margin: 0 }}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={state === 'starting'}
          onClick={() => {
            setState('starting');
            ask.confirm().then(
              () => setState('asking'),
              () => setState('failed'),
            );
          }}
        >
          {state === 'starting' ? 'Starting…' : 'Read it'}
        </button>{' '}
        <span className="muted">or pick a shorter range above.</span>
      </p>
    </div>
  );
}
