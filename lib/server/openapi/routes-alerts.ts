import {
  alertChannelBodySchema,
  alertIdParamsSchema,
  alertMuteBodySchema,
  alertReadBodySchema,
  alertRuleBodySchema,
  alertRuleChangeSchema,
  digestBodySchema,
} from '@/lib/alerts/schemas';
import { deletedSchema, unreadSchema } from './answers';
import {
  alertInboxSchema,
  alertRuleItemSchema,
  alertRulesSchema,
  channelCreatedSchema,
  channelListSchema,
  deliveryAnswerSchema,
  deliveryListSchema,
  digestPrefsSchema,
} from './answers-alerts';
import { data, type RouteDocs } from './operation';

// Alerts (docs/ARCHITECTURE.md#alerts): the inbox, the rules, the channels and the digest. The
// answers' schemas are answers-alerts.ts's, each held to its TypeScript type in lib/alerts/schemas.ts.

const path = alertIdParamsSchema;
const rule = data(alertRuleItemSchema);
const digest = data(digestPrefsSchema);

export const ALERT_ROUTES: RouteDocs = {
  alerts: {
    GET: {
      summary: "The person's inbox: the latest alerts of the shops they may see, and how many are unread",
      access: 'view',
      flags: { unread: 'only the unread alerts' },
      answer: data(alertInboxSchema),
    },
  },
  'alerts/read': {
    POST: {
      summary: 'Marks alerts read for the person (some by id, or all); answers how many are still unread',
      access: 'view',
      body: alertReadBodySchema,
      answer: data(unreadSchema),
    },
  },
  'alert-rules': {
    GET: {
      summary: 'The alert rules the person may see, the kinds they may set, and whether they may edit',
      access: 'view',
      answer: data(alertRulesSchema),
    },
    POST: {
      summary: 'Adds an alert rule (its thresholds checked by its kind); a shop the person may not see is not found',
      access: 'edit-alerts',
      body: alertRuleBodySchema,
      status: 201,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
  },
  'alert-rules/[id]': {
    PATCH: {
      summary: 'Switches an alert rule on or off, or changes its thresholds, channels or cooldown',
      access: 'edit-alerts',
      path,
      body: alertRuleChangeSchema,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
    DELETE: {
      summary: 'Removes an alert rule and its alerts (the delivery log keeps what was sent)',
      access: 'edit-alerts',
      path,
      answer: data(deletedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'alert-rules/[id]/mute': {
    PUT: {
      summary:
        "Mutes an alert rule in the person's own inbox, or unmutes it; others' inboxes and the channels are unchanged",
      access: 'view',
      path,
      body: alertMuteBodySchema,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
  },
  'alert-channels': {
    GET: {
      summary: 'Where alerts go besides the inbox (email, Slack, signed webhooks), each with its last delivery',
      access: 'manage-channels',
      answer: data(channelListSchema),
    },
    POST: {
      summary: 'Adds an email address, a Slack incoming webhook or a signed webhook (its signing secret answered once)',
      access: 'manage-channels',
      body: alertChannelBodySchema,
      status: 201,
      answer: data(channelCreatedSchema),
    },
  },
  'alert-channels/[id]': {
    DELETE: {
      summary: 'Removes a channel: rules stop sending to it; its delivery log stays',
      access: 'manage-channels',
      path,
      answer: data(deletedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'alert-channels/[id]/test': {
    POST: {
      summary: 'Sends a sample message to a channel now; answers the delivery after that attempt',
      access: 'manage-channels',
      path,
      answer: data(deliveryAnswerSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'alert-channels/deliveries': {
    GET: {
      summary: 'The delivery log: the latest messages to the channels, their attempts and why one failed',
      access: 'manage-channels',
      answer: data(deliveryListSchema),
    },
  },
  'account/digest': {
    GET: {
      summary: "The person's email digest: daily, weekly, the hour (each shop's time zone), the Excel attachment",
      access: 'account',
      answer: digest,
    },
    PUT: {
      summary: "Changes the person's email digest",
      access: 'account',
      body: digestBodySchema,
      answer: digest,
    },
  },
};
