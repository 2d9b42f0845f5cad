import { z } from 'zod';
import { PASSWORD_MAX } from '@/lib/team/password-policy';
import { GRANTABLE_ROLES, ROLES } from '@/lib/team/roles';

// Bodies of the team, account and sign-in routes (client-safe: the forms send exactly these).

const email = z
  .string({ error: 'is required' })
  .trim()
  .max(320, { error: 'is too long' })
  .pipe(z.email({ error: 'must be an email address' }))
  .transform((value) => value.toLowerCase());
const password = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(PASSWORD_MAX, { error: 'is too long' });
const name = z.string().trim().max(100, { error: 'is too long (100 characters at most)' });
// The roles the Team page may give, from the role table.
const grantableRole = z.enum(GRANTABLE_ROLES, {
  error: `must be ${GRANTABLE_ROLES.slice(0, -1).join(', ')} or ${GRANTABLE_ROLES.at(-1)}`,
});
const shops = z.array(z.string().min(1).max(200)).max(1000);

export const signInBodySchema = z.object({
  // Optional: without it the first owner is meant (scripts of the shared-password era). Not checked
  // for form: it is only looked up, and every miss gets the same answer as a wrong password.
  email: z
    .string()
    .trim()
    .max(320, { error: 'is too long' })
    .transform((value) => value.toLowerCase())
    .optional(),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1000, { error: 'is too long' }),
});

export const inviteBodySchema = z.strictObject({
  email,
  role: grantableRole,
  seesProfit: z.boolean().default(true),
  shops: shops.default([]),
});

export const personChangeBodySchema = z.strictObject({
  role: grantableRole.optional(),
  seesProfit: z.boolean().optional(),
  shops: shops.optional(),
});

export const linkBodySchema = z.strictObject({ name: name.optional(), password });
// The set-up token is checked by the server, not here: a missing one gets the same sentence as a wrong one.
export const setupBodySchema = z.strictObject({ email, name, password, token: z.string().max(200).optional() });
export const accountBodySchema = z.strictObject({ name: name.min(1, { error: 'is required' }) });
export const passwordChangeBodySchema = z.strictObject({ current: password, next: password });
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const tokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

// Answers of the account and sign-in routes (the API's description, lib/server/openapi, names them).

/** A person as the Team and Account pages read them (lib/server/loaders/team personView). */
export const personViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** Sees costs and profit (always true for owners and admins). */
  seesProfit: z.boolean(),
  /** The "can see costs and profit" switch as set. */
  seesProfitSwitch: z.boolean(),
  /** Shop ids granted, or 'all' for owners and admins. */
  shops: z.union([z.array(z.string()), z.literal('all')]),
  createdAt: z.number(),
  lastSignInAt: z.number().nullable(),
  hasPassword: z.boolean(),
  /** The locale their figures are written in ("de-DE"); null: as their browser asks. */
  locale: z.string().nullable(),
});
export type PersonView = z.output<typeof personViewSchema>;

/** GET /session: whether the request is signed in, and as whom; sign-in, sign-out and set-up answer the flag alone. */
export const sessionStateSchema = z.object({ authenticated: z.boolean(), person: personViewSchema.optional() });

// Personal access tokens and live links (lib/team/tokens; docs/ARCHITECTURE.md#access-tokens-and-live-links).

/** How long a new token lasts, in days; null: until it is revoked. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const accessTokenBodySchema = z.strictObject({
  name: name.min(1, { error: 'is required' }),
  expiresInDays: z
    .union(
      TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: `must be ${TOKEN_EXPIRY_DAYS.join(', ')} or null (never)` },
    )
    .nullable()
    .default(null),
  /** Fewer shops than the person sees; null or absent: every shop they see, now and later. */
  shops: z
    .array(z.string().min(1).max(200))
    .min(1, { error: 'must name at least one shop' })
    .max(1000)
    .nullable()
    .default(null),
});

/** A live link of one export: the export's address as the page links it (its path and its view's query). */
export const liveLinkBodySchema = z.strictObject({
  name: name.optional(),
  href: z.string().min(1).max(4000),
});

/** A token or live link as Account and Team list it: never its secret. */
export const accessTokenViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'live']),
  personId: z.string(),
  /** Whose it is (the Team list shows every person's). */
  personName: z.string(),
  name: z.string(),
  /** The token's prefix and first characters, to recognise it. */
  hint: z.string(),
  /** The shops it is narrowed to; null: every shop its person sees. */
  shops: z.array(z.string()).nullable(),
  /** A live link's export (its endpoint's name) and view's query; null for a personal token. */
  scope: z
    .object({ endpoint: z.string(), params: z.record(z.string(), z.string()), query: z.record(z.string(), z.string()) })
    .nullable(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  revokedBy: z.string().nullable(),
});
export type AccessTokenView = z.output<typeof accessTokenViewSchema>;

/** A token just made: its text, shown this once, and its entry in the list. */
export const accessTokenMadeSchema = z.object({ token: z.string(), item: accessTokenViewSchema });
/** A live link just made: its address (the token inside), shown this once, and its entry in the list. */
export const liveLinkMadeSchema = z.object({ url: z.string(), item: accessTokenViewSchema });
/** The tokens and live links a list shows, newest first. */
export const accessTokenListSchema = z.object({ items: z.array(accessTokenViewSchema) });
