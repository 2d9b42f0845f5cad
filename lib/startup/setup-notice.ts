import { setupTokenAtStart } from '@/lib/server/actions/account';
import type { ServerConfig } from '@/lib/config/parse-env';
import { logger } from '@/lib/log';

// A server with nobody to sign in and no owner configured (a real upstream without OWNER_EMAIL /
// OWNER_PASSWORD) prints a one-time set-up link at start, as Jenkins and Metabase do: only whoever
// can read the server's output creates the owner (docs/ARCHITECTURE.md#team-access).

/** The link that opens the set-up form with the token filled in. */
function setupLink(config: Pick<ServerConfig, 'publicUrl' | 'port'>, token: string): string {
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${origin}/login?token=${encodeURIComponent(token)}`;
}

function setupNotice(link: string, token: string): string {
  return [
    '',
    'The Shop Profit Dashboard has no owner yet. To create the owner, open:',
    `  ${link}`,
    `or enter this set-up token on the sign-in page: ${token}`,
    'It works until the owner is created (each start prints a new one; any printed since still works).',
    '',
  ].join('\n');
}

/**
 * Issues the set-up token when the store has nobody and no owner is configured, then prints it (a
 * plain console line for the person starting the server) and logs it (a pino line, for those who
 * read the logs elsewhere). Returns the token, or null when someone can already sign in.
 */
export async function announceSetup(
  config: ServerConfig,
  print: (text: string) => void = (text) => console.log(text),
): Promise<string | null> {
  if (config.initialOwner) return null;
  let token: string | null;
  try {
    token = await setupTokenAtStart();
  } catch (error) {
    // The stores answered the start-up check a moment ago; the server still serves, and says why
    // nobody can set it up yet.
    logger().error({ scope: 'team', err: error }, 'could not issue the set-up token');
    print('The set-up token could not be issued (see the log line above); restart the server to try again.');
    return null;
  }
  if (token === null) return null;
  const link = setupLink(config, token);
  print(setupNotice(link, token));
  logger().warn(
    { scope: 'team', event: 'setup_token', setupUrl: link },
    'nobody can sign in yet: open the set-up link',
  );
  return token;
}
