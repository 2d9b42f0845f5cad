import { z } from 'zod';
import type { ConnectionsData } from '@/lib/api/connection-schemas';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import { ROLES } from '@/lib/team/roles';
import { personViewSchema } from '@/lib/team/schemas';
import { exact } from './exact';

// The team's, the connections', a one-time link's and the settlement check's answers: their
// schemas, held to the TypeScript types of their folders by `exact` where those are client-safe,
// and every handler's data to its answer's schema by lib/server/endpoint.ts.

export const connectionsDataSchema = exact<ConnectionsData>()(
  z.object({
    items: z.array(
      z.object({
        id: z
          .string()
          .nullable()
          .meta({ description: "null: the environment's key, changed in the environment only." }),
        name: z.string(),
        baseUrl: z.string(),
        appKeyHint: z.string(),
        shops: z.number().int(),
        createdAt: z.number().nullable(),
      }),
    ),
    embeddedBaseUrl: z.string().nullable(),
    demoSecretsKey: z.boolean(),
  }),
);

export const connectionTestSchema = z.object({
  outcome: z.enum([
    'ok',
    'wrong-credentials',
    'feature-unavailable',
    'unreachable',
    'not-a-service',
    'rate-limited',
    'service-error',
  ]),
  message: z.string(),
  answer: z.string().optional(),
  shops: z.number().int().optional(),
  retryAfterSeconds: z.number().optional(),
});

/** A stored connection as answered: never its secret. */
const connectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  appKeyHint: z.string(),
  prefix: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  createdBy: z.string().nullable(),
});

export const connectionSavedSchema = z.object({ connection: connectionSchema, test: connectionTestSchema });
/** A connection changed: its test, unless only its name changed (then none ran). */
export const connectionChangedSchema = z.object({
  connection: connectionSchema,
  test: connectionTestSchema.nullable(),
});
export const connectionRemovedSchema = z.object({ connection: connectionSchema });

export const linkInfoSchema = z.object({
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.number(),
});

export const settlementCheckSchema = exact<SettlementCheck>()(
  z.object({
    state: z.enum(['checked', 'rereading', 'failed', 'busy']),
    changedDays: z.array(z.string()),
    requests: z.number().int(),
    error: z.string().nullable(),
  }),
);

const linkViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['invite', 'reset']),
  email: z.string(),
  role: z.enum(ROLES),
  seesProfit: z.boolean(),
  shops: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
});

/** An invitation or reset link made: the link, its path (shown once), and whether it was emailed. */
export const linkMadeSchema = z.object({
  invitation: linkViewSchema,
  path: z.string(),
  emailed: z.boolean(),
  emailProblem: z.string().optional(),
});

export const teamSchema = z.object({
  people: z.array(personViewSchema),
  pending: z.array(linkViewSchema),
  history: z.array(
    z.object({ id: z.string(), at: z.number(), actorName: z.string(), action: z.string(), summary: z.string() }),
  ),
  shops: z.array(z.object({ id: z.string(), shopName: z.string() })),
  timeZone: z.string(),
});
