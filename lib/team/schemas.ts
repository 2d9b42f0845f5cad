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
});
export type PersonView = z.output<typeof personViewSchema>;

/** GET /session: whether the request is signed in, and as whom; sign-in, sign-out and set-up answer the flag alone. */
export const sessionStateSchema = z.object({ authenticated: z.boolean(), person: personViewSchema.optional() });
