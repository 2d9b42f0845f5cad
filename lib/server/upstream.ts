import 'server-only';
import { getRoutedClient } from '@/lib/connections/upstream';
import type { UpstreamClient } from '@/lib/upstream/types';

// The dashboard API's one way to the upstream. Tests swap in another client here instead of
// mocking modules.

let override: UpstreamClient | undefined;

export function upstream(): UpstreamClient {
  return override ?? getRoutedClient();
}

/** For tests: use `client` until called again with undefined. */
export function setUpstreamClientForTests(client: UpstreamClient | undefined): void {
  override = client;
}
