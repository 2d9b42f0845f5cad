import { z } from 'zod';
import { ALERT_KINDS, type AlertKind, type RuleParams } from '@/lib/alerts/rules';

// The alerts' API (docs/ARCHITECTURE.md#alerts): request bodies and the shapes answered. A rule's
// thresholds are checked by its kind's schema in lib/alerts/rules (the same sentences the form shows).

export const CHANNEL_KINDS = ['email', 'slack', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  email: 'Email',
  slack: 'Slack',
  webhook: 'Webhook (signed)',
};

const ids = z.array(z.string().max(100)).max(20, { error: 'at most 20 channels' });

/** POST /alert-rules. `params` is checked against the kind's schema by the loader. */
export const alertRuleBodySchema = z.object({
  shopId: z.string().max(300).nullable(),
  kind: z.enum(ALERT_KINDS, { error: `the kind must be one of ${ALERT_KINDS.join(', ')}` }),
  params: z.record(z.string(), z.unknown()),
  channels: ids.default([]),
  cooldownHours: z.number().optional(),
});

/** PATCH /alert-rules/{id}: what changes. */
export const alertRuleChangeSchema = z.object({
  enabled: z.boolean().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  channels: ids.optional(),
  cooldownHours: z.number().optional(),
});

/** PUT /alert-rules/{id}/mute: this person's inbox leaves the rule's alerts out (or not). */
export const alertMuteBodySchema = z.object({ muted: z.boolean({ error: 'muted must be true or false' }) });

/** POST /alerts/read: the alerts this person has read (or all of them). */
export const alertReadBodySchema = z.union([
  z.object({ ids: z.array(z.string().max(100)).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);

/** POST /alert-channels. */
export const alertChannelBodySchema = z.object({
  kind: z.enum(CHANNEL_KINDS, { error: 'the kind must be email, slack or webhook' }),
  name: z.string({ error: 'the name is required' }).trim().min(1, { error: 'the name is required' }).max(100),
  target: z.string({ error: 'the address is required' }).trim().min(1, { error: 'the address is required' }).max(2_000),
});

/** PUT /account/digest. */
export const digestBodySchema = z.object({
  daily: z.boolean(),
  weekly: z.boolean(),
  hour: z
    .number()
    .int({ error: 'the hour must be a whole number' })
    .min(0, { error: 'the hour must be 0 to 23' })
    .max(23, { error: 'the hour must be 0 to 23' }),
  attachXlsx: z.boolean(),
});

export const alertIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export type AlertRuleBody = z.output<typeof alertRuleBodySchema>;
export type AlertRuleChange = z.output<typeof alertRuleChangeSchema>;
export type AlertChannelBody = z.output<typeof alertChannelBodySchema>;
export type DigestBody = z.output<typeof digestBodySchema>;

export type FigureUnit = 'money' | 'percent' | 'points' | 'count' | 'hours' | 'minutes';

/** The figure an alert is about and what it was compared with (money in cents, of the shop's currency). */
export interface AlertFigure {
  value: number;
  baseline: number | null;
  unit: FigureUnit;
  currency: string;
}

/** GET /alerts: one alert of the person's inbox. */
export interface AlertItem {
  id: string;
  ruleId: string;
  shopId: string;
  shopName: string;
  kind: AlertKind;
  title: string;
  message: string;
  figure: AlertFigure;
  /** The dashboard path and query that shows it, e.g. `/sku-profit?shop=…&from=…&to=…&q=…`. */
  link: string;
  openedAt: number;
  lastSeenAt: number;
  /** null while the condition lasts. */
  clearedAt: number | null;
  read: boolean;
}

export interface AlertInbox {
  items: AlertItem[];
  unread: number;
}

export interface AlertRuleItem {
  id: string;
  /** null: every shop (owners and admins only). */
  shopId: string | null;
  shopName: string | null;
  kind: AlertKind;
  params: RuleParams;
  description: string;
  channels: string[];
  cooldownHours: number;
  enabled: boolean;
  /** This person's inbox leaves its alerts out. */
  muted: boolean;
  /** Alerts of this rule still open. */
  open: number;
  createdBy: string | null;
  createdAt: number;
}

export interface AlertKindInfo {
  kind: AlertKind;
  label: string;
  /** Its alerts name costs or profit (only people who see them may set it). */
  restricted: boolean;
  defaults: RuleParams;
}

export interface AlertRules {
  items: AlertRuleItem[];
  /** The kinds this person may set (without costs and profit: those that name none). */
  kinds: AlertKindInfo[];
  /** Whether this person may add, change and remove rules. */
  canEdit: boolean;
}

export type DeliveryState = 'pending' | 'sent' | 'failed';

export interface DeliveryItem {
  id: string;
  channelId: string;
  channelName: string;
  purpose: 'alert' | 'test';
  alertTitle: string | null;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  /** Why the last attempt failed, in a sentence (never a secret). */
  lastError: string | null;
  /** When it is tried again (pending only). */
  nextAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ChannelItem {
  id: string;
  kind: ChannelKind;
  name: string;
  /** An email address, or a URL's host: never a Slack or webhook URL's path (it is a credential). */
  targetHint: string;
  createdAt: number;
  lastDelivery: Pick<DeliveryItem, 'state' | 'updatedAt' | 'lastError'> | null;
}

export interface ChannelCreated {
  channel: ChannelItem;
  /** A webhook's `whsec_…` signing secret: shown once, to configure the receiver. */
  signingSecret: string | null;
}

export interface DigestPrefs {
  daily: boolean;
  weekly: boolean;
  hour: number;
  attachXlsx: boolean;
  /** False when the server has no SMTP_URL (the page says digests cannot be sent). */
  emailEnabled: boolean;
  /** The person's latest digest: sent, being sent, or failed with the mail server's reason. */
  last: DigestSent | null;
}

export interface DigestSent {
  shopId: string;
  shopName: string;
  /** `day:2026-11-25` or `week:2026-11-16`. */
  period: string;
  /** `retry`: the mail server refused it for now; it is sent again within 15 minutes. */
  state: 'sending' | 'sent' | 'retry' | 'failed';
  at: number;
  error: string | null;
}
