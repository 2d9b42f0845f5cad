import 'server-only';
import { serverConfig } from '@/lib/config/env';

/**
 * Removes every configured secret from a text before it is logged or shown. Messages that carry an
 * upstream's words (an error body, a failing URL) are not ours to trust: a misbehaving upstream could
 * echo the X-App-Secret header back.
 */
export function redactSecrets(text: string): string {
  let config;
  try {
    config = serverConfig();
  } catch {
    return text;
  }
  let out = text;
  for (const secret of [config.upstream.appSecret, config.sessionSecret, config.dashboardPassword]) {
    // Short values (the demo password "demo") would shred ordinary words; they are not secrets.
    if (secret.length >= 8) out = out.split(secret).join('[redacted]');
  }
  return out;
}
