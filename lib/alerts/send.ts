import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { ChannelKind } from '@/lib/alerts/schemas';
import { deliverMail, mailEnabled } from '@/lib/mail';
import type { ChannelMessage, EmailMessage } from './payload';
import { BlockedAddressError, checkUrlShape, guardedLookup } from './ssrf';

// Sending one message to one channel. Every outcome is a result, never a throw: the delivery log
// records its sentence, and `retry` says whether sending again later may help (a receiver that is
// down may come back; one that refuses the message, or a guard that refuses its address, will not).
// Sentences name no URL path and no secret: a Slack or webhook URL's path is a credential.

export type SendResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retry: boolean };

export interface SendOptions {
  /** How long a receiver has to answer (10 s). */
  timeoutMs?: number;
}

/** What a send needs of a channel (opened: its target and secret in clear). */
export interface SendTarget {
  kind: ChannelKind;
  target: string;
  secret: string | null;
}

const TIMEOUT_MS = 10_000;
const USER_AGENT = 'shop-profit-dashboard-alerts';

function byStatus(status: number): SendResult {
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400)
    return {
      ok: false,
      status,
      error: `The receiver answered a redirect (${status}); alerts do not follow redirects.`,
      retry: false,
    };
  if (status === 408 || status === 429 || status >= 500)
    return { ok: false, status, error: `The receiver answered ${status}; it is tried again later.`, retry: true };
  return { ok: false, status, error: `The receiver refused the message (${status}).`, retry: false };
}

function networkFailure(error: unknown, host: string): SendResult {
  if (error instanceof BlockedAddressError) return { ok: false, status: null, error: error.message, retry: false };
  const code = (error as { code?: unknown }).code;
  const named = typeof code === 'string' ? ` (${code})` : '';
  const sentence =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `The host ${host} was not found${named}.`
      : code === 'ECONNREFUSED'
        ? `${host} refused the connection${named}.`
        : typeof code === 'string' && /CERT|TLS|SSL/.test(code)
          ? `The TLS connection to ${host} failed${named}.`
          : `The connection to ${host} failed${named}.`;
  return { ok: false, status: null, error: sentence, retry: true };
}

class NoAnswer extends Error {}

/** POSTs `body` to `url` through the address guard; the answer's status decides, its body is not read. */
function post(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const problem = checkUrlShape(url);
  if (problem !== null) return Promise.resolve({ ok: false, status: null, error: problem, retry: false });
  const target = new URL(url);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return new Promise((resolve) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT },
        lookup: guardedLookup,
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        resolve(byStatus(response.statusCode ?? 0));
        response.destroy();
      },
    );
    const timer = setTimeout(() => request.destroy(new NoAnswer()), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      if (error instanceof NoAnswer)
        resolve({ ok: false, status: null, error: `No answer within ${timeoutMs / 1000} s.`, retry: true });
      else resolve(networkFailure(error, target.host));
    });
    request.end(body);
  });
}

/** A Standard Webhooks POST: the JSON `payload` signed with the channel's `whsec_` secret. */
export function sendWebhook(
  url: string,
  secret: string,
  messageId: string,
  payload: unknown,
  options: SendOptions = {},
): Promise<SendResult> {
  const body = JSON.stringify(payload);
  // The receiver compares the timestamp with its own clock: the moment of sending, not the alert's.
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
  return post(url, body, headers, options);
}

/** A Slack incoming webhook: `{ text, blocks? }`. */
export function sendSlack(url: string, message: unknown, options: SendOptions = {}): Promise<SendResult> {
  return post(url, JSON.stringify(message), { 'content-type': 'application/json' }, options);
}

/** An email through SMTP_URL; a 5xx reply is permanent (the address is refused), anything else is retried. */
export async function sendEmail(to: string, message: EmailMessage): Promise<SendResult> {
  if (!mailEnabled())
    return { ok: false, status: null, error: 'Email is not configured on this server (SMTP_URL).', retry: false };
  const refusal = await deliverMail({ to, ...message });
  if (refusal === null) return { ok: true, status: 250 };
  if (refusal.responseCode !== null && refusal.responseCode >= 500)
    return {
      ok: false,
      status: refusal.responseCode,
      error: `The mail server refused the address (${refusal.responseCode}).`,
      retry: false,
    };
  const sentence = refusal.error.charAt(0).toUpperCase() + refusal.error.slice(1);
  return { ok: false, status: refusal.responseCode, error: `${sentence}.`, retry: true };
}

/** Sends `message` (what messageFor rendered for the channel's kind) to the channel. */
export function sendToChannel(
  channel: SendTarget,
  deliveryId: string,
  message: ChannelMessage,
  options: SendOptions = {},
): Promise<SendResult> {
  if (channel.kind === 'email') return sendEmail(channel.target, message as EmailMessage);
  if (channel.kind === 'slack') return sendSlack(channel.target, message, options);
  if (!channel.secret)
    return Promise.resolve({ ok: false, status: null, error: 'The webhook has no signing secret.', retry: false });
  return sendWebhook(channel.target, channel.secret, deliveryId, message, options);
}
