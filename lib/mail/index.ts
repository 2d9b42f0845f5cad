import 'server-only';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { serverConfig } from '@/lib/config/env';

// Email through the SMTP server of SMTP_URL (nodemailer): invitations, password reset links, alerts.
// Off without SMTP_URL; the Team page then shows each link to copy. A message that cannot be sent
// is a sentence for the person who asked, never a failed invitation: the link exists either way.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: SendMailOptions['attachments'];
}

/** Why a message was not sent; `responseCode` is the SMTP server's reply code when it answered one. */
export interface MailRefusal {
  error: string;
  responseCode: number | null;
}

const SEND_TIMEOUT_MS = 10_000;
let cached: { url: string; transport: Transporter } | undefined;

function transport(url: string): Transporter {
  if (cached?.url !== url) {
    cached = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    };
  }
  return cached.transport;
}

/** Whether email is configured. */
export function mailEnabled(): boolean {
  return serverConfig().mail !== null;
}

/**
 * Sends `mail`; resolves to null when sent, or to why it was not (no SMTP configured, or the SMTP
 * server's refusal in words that carry no credentials).
 */
export async function sendMail(mail: Mail): Promise<string | null> {
  return (await deliverMail(mail))?.error ?? null;
}

/** sendMail with the SMTP reply code of a refusal (a 5xx is permanent: sending again cannot help). */
export async function deliverMail(mail: Mail): Promise<MailRefusal | null> {
  const config = serverConfig().mail;
  if (!config) return { error: 'email is not configured (SMTP_URL)', responseCode: null };
  try {
    await transport(config.smtpUrl).sendMail({ from: config.from, ...mail });
    return null;
  } catch (error) {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    return {
      error: `the mail server did not take it${typeof code === 'string' ? ` (${code})` : ''}`,
      responseCode: typeof responseCode === 'number' ? responseCode : null,
    };
  }
}
