import { DASHBOARD_ERRORS, errorOfBody, type DashboardErrorCode } from './errors';

// How the browser reads a failed dashboard API answer, for JSON requests (fetchJson) and streamed
// exports (downloadCsv) alike. Client-safe.

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: DashboardErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;
  /** CLOSED_MONTHS: the closed months the write would change, which a confirmation names. */
  readonly closedMonths: readonly string[];

  constructor(init: {
    status: number;
    code: DashboardErrorCode;
    message: string;
    retryAfterSeconds?: number;
    requestId?: string;
    closedMonths?: readonly string[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
    this.closedMonths = init.closedMonths ?? [];
  }
}

function retryAfter(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Without our error body (a proxy's page, a dropped body) the status says what kind of failure it was. */
function codeForStatus(status: number): DashboardErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  return status >= 500 ? 'UPSTREAM_UNAVAILABLE' : 'INVALID_REQUEST';
}

/**
 * The ApiError a failed response stands for, from its `{ success: false, error }` body. Without one,
 * the code comes from the status and the message from `fallbackMessage` (the code's own by default).
 */
export async function readApiError(
  response: Response,
  fallbackMessage: (code: DashboardErrorCode) => string = (code) => DASHBOARD_ERRORS[code].message,
): Promise<ApiError> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const error = errorOfBody(json);
  const code = error?.code ?? codeForStatus(response.status);
  return new ApiError({
    status: response.status,
    code,
    message: error?.message ?? fallbackMessage(code),
    retryAfterSeconds: retryAfter(response),
    requestId: error?.requestId,
    closedMonths: error?.closedMonths,
  });
}
