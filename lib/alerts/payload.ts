import 'server-only';
import type { AlertFigure, ChannelKind } from '@/lib/alerts/schemas';
import { serverConfig } from '@/lib/config/env';

// What a delivery sends (README.md#webhook-payload): a webhook gets the JSON event
// below as is; Slack and email get the same alert in words, rendered once when it is queued, so the
// log keeps exactly what each channel was sent.

export interface WebhookPayload {
  type: 'alert.opened' | 'test';
  /** ISO 8601, when the alert opened (or the test was asked for). */
  timestamp: string;
  data: {
    alertId: string | null;
    ruleId: string | null;
    shopId: string | null;
    shopName: string | null;
    kind: string;
    title: string;
    message: string;
    figure: AlertFigure | null;
    /** Absolute with PUBLIC_URL; the dashboard path otherwise. */
    link: string;
  };
}

export interface SlackMessage {
  text: string;
  blocks?: unknown[];
}

export interface EmailMessage {
  subject: string;
  text: string;
  html?: string;
}

/** What one channel kind is sent. */
export type ChannelMessage = WebhookPayload | SlackMessage | EmailMessage;

/** The dashboard path `link` as people open it (with PUBLIC_URL when set). */
export function absoluteLink(link: string): string {
  const base = serverConfig().publicUrl;
  return base && link.startsWith('/') ? `${base}${link}` : link;
}

export interface PayloadAlert {
  id: string;
  ruleId: string;
  shopId: string;
  kind: string;
  title: string;
  message: string;
  figure: AlertFigure | null;
  /** The dashboard path (made absolute here). */
  link: string;
  openedAt: number;
}

/** The webhook event of an alert that opened. */
export function alertPayload(alert: PayloadAlert, shopName: string | null): WebhookPayload {
  return {
    type: 'alert.opened',
    timestamp: new Date(alert.openedAt).toISOString(),
    data: {
      alertId: alert.id,
      ruleId: alert.ruleId,
      shopId: alert.shopId,
      shopName,
      kind: alert.kind,
      title: alert.title,
      message: alert.message,
      figure: alert.figure,
      link: absoluteLink(alert.link),
    },
  };
}

/** The sample a channel's "Send a test" sends. */
export function testPayload(now: number): WebhookPayload {
  return {
    type: 'test',
    timestamp: new Date(now).toISOString(),
    data: {
      alertId: null,
      ruleId: null,
      shopId: null,
      shopName: null,
      kind: 'test',
      title: 'Test message from the profit dashboard',
      message: 'If you can read this, alerts reach this channel.',
      figure: null,
      link: absoluteLink('/alerts'),
    },
  };
}

// Slack's mrkdwn treats these three as markup; everything else is shown as typed.
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlEscape = (text: string) => slackEscape(text).replace(/"/g, '&quot;');
const isAbsolute = (link: string) => /^https?:\/\//.test(link);

function slackMessage({ data }: WebhookPayload): SlackMessage {
  const shop = data.shopName ? ` · ${slackEscape(data.shopName)}` : '';
  const open = isAbsolute(data.link) ? `\n<${data.link}|Open in the dashboard>` : '';
  const text = `*${slackEscape(data.title)}*${shop}\n${slackEscape(data.message)}${open}`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

function emailMessage({ data }: WebhookPayload): EmailMessage {
  const shop = data.shopName ? ` (${data.shopName})` : '';
  const open = isAbsolute(data.link) ? data.link : `the dashboard's ${data.link}`;
  return {
    subject: `${data.title}${shop}`,
    text: `${data.message}\n\nOpen it in the dashboard: ${open}\n`,
    html: [
      `<p><strong>${htmlEscape(data.title)}</strong>${htmlEscape(shop)}</p>`,
      `<p>${htmlEscape(data.message)}</p>`,
      isAbsolute(data.link) ? `<p><a href="${htmlEscape(data.link)}">Open it in the dashboard</a></p>` : '',
    ].join(''),
  };
}

/** What a channel of `kind` is sent for `payload`. */
export function messageFor(kind: ChannelKind, payload: WebhookPayload): ChannelMessage {
  if (kind === 'slack') return slackMessage(payload);
  if (kind === 'email') return emailMessage(payload);
  return payload;
}
