import type { ApiData } from '@/lib/endpoints/client';
import { connectionsQueryOptions, shopsQueryOptions } from '@/lib/queries/options';
import { useAction } from '@/components/states/use-action';
import type { NoticeMessage } from '@/components/team/notice';

// What the Connections page reads and sends: the connections' endpoints (the server decides).

/** A key's test: its outcome in words, and the service's status and code ("401 INVALID_CREDENTIALS") when it answered with one. */
type TestResult = ApiData<'POST connections/test'>;

/** A test's result in words; the service's own code only as the sentence's title. */
export function said(result: TestResult): NoticeMessage {
  return { kind: result.outcome === 'ok' ? 'info' : 'error', text: result.message, title: result.answer };
}

/**
 * One change on the Connections page, its result shown where it was made (each row and the form
 * have their own). The shop picker lists the connections' shops: both are read again after it.
 */
export function useConnectionAction() {
  return useAction([connectionsQueryOptions().queryKey, shopsQueryOptions().queryKey]);
}
