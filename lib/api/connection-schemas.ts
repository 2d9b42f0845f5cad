import { z } from 'zod';

// The Connections page's request bodies. Only their shape here: the fields' rules (name length, an
// http(s) address, header-safe key and secret) are lib/connections/input's, which answers with the
// field and a sentence (and never echoes a key or a secret).

const field = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).max(max, { error: `${label} is too long` });

const credentials = {
  baseUrl: field('the base URL', 2_000),
  appKey: field('the app key', 200),
  appSecret: field('the app secret', 500),
};

/** POST /connections: a new connection (tested before it is stored). */
export const connectionBodySchema = z.object({ name: field('the name', 200), ...credentials });
/** POST /connections/test: credentials to try without storing them. */
export const connectionTestBodySchema = z.object(credentials);
/** PATCH /connections/{id}: what changes (a new secret only when one is typed). */
export const connectionChangeBodySchema = z.object({
  name: field('the name', 200).optional(),
  baseUrl: credentials.baseUrl.optional(),
  appKey: credentials.appKey.optional(),
  appSecret: credentials.appSecret.optional(),
});
export const connectionParamsSchema = z.object({ id: z.string().uuid({ error: 'is not a connection id' }) });

export type ConnectionBody = z.output<typeof connectionBodySchema>;
export type ConnectionTestBody = z.output<typeof connectionTestBodySchema>;
export type ConnectionChangeBody = z.output<typeof connectionChangeBodySchema>;

/** A connection as the page lists it: stored ones, and the environment's key first (read-only). */
export interface ConnectionItem {
  /** null: the environment's key (UPSTREAM_APP_KEY, or the demo key), changed in the environment only. */
  id: string | null;
  name: string;
  baseUrl: string;
  appKeyHint: string;
  /** Shops this connection lists that the dashboard can use (as of the last shop list). */
  shops: number;
  createdAt: number | null;
}

export interface ConnectionsData {
  items: ConnectionItem[];
  /** The embedded demo service answers at this address (demo mode only), for a second demo key. */
  embeddedBaseUrl: string | null;
  /** True while secrets are sealed with the demo's published key: only the embedded service may be connected. */
  demoSecretsKey: boolean;
}
