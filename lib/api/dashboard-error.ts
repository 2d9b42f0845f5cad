import { DASHBOARD_ERRORS, type DashboardErrorCode } from '@/lib/api/errors';

/** An expected failure with a seller-facing message; the error map answers it as is and logs nothing. */
export class DashboardError extends Error {
  override name = 'DashboardError';
  readonly code: DashboardErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  /** CLOSED_MONTHS: the closed months a write would change (`YYYY-MM`). */
  readonly closedMonths: readonly string[] | undefined;

  constructor(
    code: DashboardErrorCode,
    message?: string,
    options: { retryAfterSeconds?: number; closedMonths?: readonly string[] } = {},
  ) {
    super(message ?? DASHBOARD_ERRORS[code].message);
    this.code = code;
    this.status = DASHBOARD_ERRORS[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.closedMonths = options.closedMonths;
  }
}

/** An export of a range not fully stored: refused with how many of its days are (NOT_SYNCED_YET). */
export function notSyncedYet(coverage: { daysStored: number; daysTotal: number }): DashboardError {
  return new DashboardError(
    'NOT_SYNCED_YET',
    `This range is still being synced into the dashboard (${coverage.daysStored} of ${coverage.daysTotal} days stored); its export is available as soon as every day is stored.`,
  );
}
