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
import { z } from 'zod';
import { declareEndpoints, flag } from './define';

// Alerts (docs/ARCHITECTURE.md#alerts): the inbox, the rules, the channels and the digest. The
// answers' schemas are answers-alerts.ts's, each held to its TypeScript type in lib/alerts/schemas.ts.

const params = alertIdParamsSchema;
const rule = { data: alertRuleItemSchema };
const digest = { data: digestPrefsSchema };

export const ALERT_ENDPOINTS = declareEndpoints(
  { tag: 'Alerts' },
  {
    'GET alerts': {
      summary: "The person's inbox: the latest alerts of the shops they may see, and how many are unread",
      access: 'view',
      query: [z.object({ unread: flag('only the unread alerts') })],
      answer: { data: alertInboxSchema },
    },
    'POST alerts/read': {
      summary: 'Marks alerts read for the person (some by id, or all); answers how many are still unread',
      access: 'view',
      body: alertReadBodySchema,
      answer: { data: unreadSchema },
    },
    'GET alert-rules': {
      summary: 'The alert rules the person may see, the kinds they may set, and whether they may edit',
      access: 'view',
      answer: { data: alertRulesSchema },
    },
    'POST alert-rules': {
      summary: 'Adds an alert rule (its thresholds checked by its kind); a shop the person may not see is not found',
      access: 'edit-alerts',
      body: alertRuleBodySchema,
      status: 201,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
    'PATCH alert-rules/[id]': {
      summary: 'Switches an alert rule on or off, or changes its thresholds, channels or cooldown',
      access: 'edit-alerts',
      params,
      body: alertRuleChangeSchema,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
    'DELETE alert-rules/[id]': {
      summary: 'Removes an alert rule and its alerts (the delivery log keeps what was sent)',
      access: 'edit-alerts',
      params,
      answer: { data: deletedSchema },
      errors: ['NOT_FOUND'],
    },
    'PUT alert-rules/[id]/mute': {
      summary:
        "Mutes an alert rule in the person's own inbox, or unmutes it; others' inboxes and the channels are unchanged",
      access: 'view',
      params,
      body: alertMuteBodySchema,
      answer: rule,
      errors: ['NOT_FOUND'],
    },
    'GET alert-channels': {
      summary: 'Where alerts go besides the inbox (email, Slack, signed webhooks), each with its last delivery',
      access: 'manage-channels',
      answer: { data: channelListSchema },
    },
    'POST alert-channels': {
      summary: 'Adds an email address, a Slack incoming webhook or a signed webhook (its signing secret answered once)',
      access: 'manage-channels',
      body: alertChannelBodySchema,
      status: 201,
      answer: { data: channelCreatedSchema },
    },
    'DELETE alert-channels/[id]': {
      summary: 'Removes a channel: rules stop sending to it; its delivery log stays',
      access: 'manage-channels',
      params,
      answer: { data: deletedSchema },
      errors: ['NOT_FOUND'],
    },
    'POST alert-channels/[id]/test': {
      summary: 'Sends a sample message to a channel now; answers the delivery after that attempt',
      access: 'manage-channels',
      params,
      answer: { data: deliveryAnswerSchema },
      errors: ['NOT_FOUND'],
    },
    'GET alert-channels/deliveries': {
      summary: 'The delivery log: the latest messages to the channels, their attempts and why one failed',
      access: 'manage-channels',
      answer: { data: deliveryListSchema },
    },
    'GET account/digest': {
      summary: "The person's email digest: daily, weekly, the hour (each shop's time zone), the Excel attachment",
      access: 'account',
      answer: digest,
    },
    'PUT account/digest': {
      summary: "Changes the person's email digest",
      access: 'account',
      body: digestBodySchema,
      answer: digest,
    },
  },
);
