import 'server-only';
import { DEMO, serverConfig, type ServerConfig } from '@/lib/config/env';
import { openedSecretValues, setLogRedactor } from '@/lib/log';

const REDACTED = '[redacted]';

/** The password inside an SMTP URL (smtp://user:password@host), decoded. */
function smtpPassword(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}

/** The values that must never leave the server, in every form a URL or a log may carry them. */
function secretsOf(config: ServerConfig): string[] {
  const values = [
    config.upstream.appSecret,
    config.upstream.appKey,
    config.sessionSecret,
    config.initialOwner?.password,
    config.metricsToken,
    config.mail?.smtpUrl,
    config.mail ? smtpPassword(config.mail.smtpUrl) : null,
    // The stored connections' keys and secrets, once opened (lib/connections).
    ...openedSecretValues(),
  ];
  // The demo password "demo" is public (README) and redacting it would only shred ordinary words of
  // the demo's messages. With a real upstream every configured value counts, however short.
  const publicValues = new Set<string>(config.embedded ? [DEMO.dashboardPassword] : []);
  const forms = new Set<string>();
  for (const value of values) {
    if (!value || publicValues.has(value)) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
  }
  // Longest first, so a secret that contains another is removed whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Removes every configured secret (and the app key) from a text before it is logged or shown.
 * Messages that carry an upstream's words (an error body, a failing URL) are not ours to trust: a
 * misbehaving upstream could echo the X-App-Key or X-App-Secret header back.
 */
export function redactSecrets(text: string, config?: ServerConfig): string {
  let resolved = config;
  if (!resolved) {
    try {
      resolved = serverConfig();
    } catch {
      return text;
    }
  }
  let out = text;
  for (const secret of secretsOf(resolved)) out = out.split(secret).join(REDACTED);
  return out;
}

// Every message and error text a server log line carries goes through the dashboard's secrets
// first (lib/log). Installed when this module loads: every route's error map imports it.
setLogRedactor((text) => redactSecrets(text));
