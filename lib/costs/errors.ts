// Expected failures of a change to the inputs, with a message a seller reads. Pure: the store
// throws them, the API's error map answers them (NOT_FOUND 404, CONFLICT / NOTHING_TO_UNDO 409).

export type CostInputErrorCode = 'NOT_FOUND' | 'CONFLICT' | 'NOTHING_TO_UNDO';

export class CostInputError extends Error {
  override name = 'CostInputError';
  constructor(
    readonly code: CostInputErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Structural check (a bundler may hold two copies of the class; see lib/server/error-guards). */
export function isCostInputError(error: unknown): error is CostInputError {
  return (
    error instanceof Error &&
    error.name === 'CostInputError' &&
    ['NOT_FOUND', 'CONFLICT', 'NOTHING_TO_UNDO'].includes(String((error as { code?: unknown }).code))
  );
}
