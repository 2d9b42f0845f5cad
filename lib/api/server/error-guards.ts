import { isDashboardErrorCode } from '@/lib/api/errors';
import type { DashboardError } from './dashboard-error';

// Structural checks instead of `instanceof`: the bundler may place a class in more than one chunk,
// and an error thrown by one copy is then not an instance of the other (seen in the built app).

function named(error: unknown, name: string): error is Error & { code: unknown } {
  return error instanceof Error && error.name === name && 'code' in error;
}

export { isUpstreamError as isUpstreamFailure } from '@/lib/upstream/errors';

export function isDashboardFailure(error: unknown): error is DashboardError {
  return named(error, 'DashboardError') && isDashboardErrorCode(error.code) && 'status' in error;
}
