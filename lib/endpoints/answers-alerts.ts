import { z } from 'zod';
import { ALERT_KINDS, RULE_PARAMS, type RuleParams } from '@/lib/alerts/rules';
import {
  CHANNEL_KINDS,
  type AlertInbox,
  type AlertItem,
  type AlertRuleItem,
  type AlertRules,
  type ChannelCreated,
  type ChannelItem,
  type DeliveryItem,
  type DigestPrefs,
} from '@/lib/alerts/schemas';
import { exact } from './exact';

// The alerts' answers (lib/alerts/schemas.ts has them as TypeScript types): their schemas for the
// API's description, each held to its type by `exact`.

const kind = z.enum(ALERT_KINDS);
// A rule's thresholds: its kind's own (strict, so the union picks the kind whose fields they are).
const params = z.union(
  ALERT_KINDS.map((k) => (RULE_PARAMS[k] as z.ZodObject).strict()),
) as unknown as z.ZodType<RuleParams>;

const alertItemSchema = exact<AlertItem>()(
  z.object({
    id: z.string(),
    ruleId: z.string(),
    shopId: z.string(),
    shopName: z.string(),
    kind,
    title: z.string(),
    message: z.string(),
    figure: z.object({
      value: z.number(),
      baseline: z.number().nullable(),
      unit: z.enum(['money', 'percent', 'points', 'count', 'hours', 'minutes']),
      currency: z.string(),
    }),
    link: z.string(),
    openedAt: z.number(),
    lastSeenAt: z.number(),
    clearedAt: z.number().nullable(),
    read: z.boolean(),
  }),
);

export const alertInboxSchema = exact<AlertInbox>()(
  z.object({ items: z.array(alertItemSchema), unread: z.number().int() }),
);

export const alertRuleItemSchema = exact<AlertRuleItem>()(
  z.object({
    id: z.string(),
    shopId: z.string().nullable(),
    shopName: z.string().nullable(),
    kind,
    params,
    description: z.string(),
    channels: z.array(z.string()),
    cooldownHours: z.number(),
    enabled: z.boolean(),
    muted: z.boolean(),
    open: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.number(),
  }),
);

export const alertRulesSchema = exact<AlertRules>()(
  z.object({
    items: z.array(alertRuleItemSchema),
    kinds: z.array(z.object({ kind, label: z.string(), restricted: z.boolean(), defaults: params })),
    canEdit: z.boolean(),
  }),
);

const deliveryItemSchema = exact<DeliveryItem>()(
  z.object({
    id: z.string(),
    channelId: z.string(),
    channelName: z.string(),
    purpose: z.enum(['alert', 'test']),
    alertTitle: z.string().nullable(),
    state: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);

const channelItemSchema = exact<ChannelItem>()(
  z.object({
    id: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    name: z.string(),
    targetHint: z.string(),
    createdAt: z.number(),
    lastDelivery: deliveryItemSchema.pick({ state: true, updatedAt: true, lastError: true }).nullable(),
  }),
);

export const channelListSchema = z.object({ items: z.array(channelItemSchema) });
export const deliveryListSchema = z.object({ items: z.array(deliveryItemSchema) });
export const deliveryAnswerSchema = z.object({ delivery: deliveryItemSchema });
export const channelCreatedSchema = exact<ChannelCreated>()(
  z.object({ channel: channelItemSchema, signingSecret: z.string().nullable() }),
);

export const digestPrefsSchema = exact<DigestPrefs>()(
  z.object({
    daily: z.boolean(),
    weekly: z.boolean(),
    hour: z.number().int().min(0).max(23),
    attachXlsx: z.boolean(),
    emailEnabled: z.boolean(),
    last: z
      .object({
        shopId: z.string(),
        shopName: z.string(),
        period: z.string(),
        state: z.enum(['sending', 'sent', 'retry', 'failed']),
        at: z.number(),
        error: z.string().nullable(),
      })
      .nullable(),
  }),
);
