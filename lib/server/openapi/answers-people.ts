import { z } from 'zod';
import type { ConnectionTestResult } from '@/lib/connections/test-connection';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import type { addNewConnection, deleteConnection } from '@/lib/server/actions/connections';
import type { describeLink } from '@/lib/server/loaders/account';
import type { ConnectionsData } from '@/lib/server/loaders/connections';
import { ROLES } from '@/lib/team/roles';
import { exact } from './exact';

// The connections', a one-time link's and the settlement check's answers (TypeScript types in
// their folders): their schemas for the API's description, each held to its type by `exact`.

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

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

export const connectionTestSchema = exact<ConnectionTestResult>()(
  z.object({
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
  }),
);

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

export const connectionSavedSchema = exact<Answer<typeof addNewConnection>>()(
  z.object({ connection: connectionSchema, test: connectionTestSchema }),
);
export const connectionRemovedSchema = exact<Answer<typeof deleteConnection>>()(
  z.object({ connection: connectionSchema }),
);

export const linkInfoSchema = exact<Answer<typeof describeLink>>()(
  z.object({
    kind: z.enum(['invite', 'reset']),
    email: z.string(),
    role: z.enum(ROLES),
    expiresAt: z.number(),
  }),
);

export const settlementCheckSchema = exact<SettlementCheck>()(
  z.object({
    state: z.enum(['checked', 'rereading', 'failed', 'busy']),
    changedDays: z.array(z.string()),
    requests: z.number().int(),
    error: z.string().nullable(),
  }),
);
