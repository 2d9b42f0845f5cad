// The password rule (docs/ARCHITECTURE.md#team-access), client-safe so the form says the same as
// the server: at least 10 characters, at most 256, not the email, and not one of the passwords
// that top every breach list (NIST SP 800-63B: length and a blocklist, no composition rules).

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

// The most common passwords of the public breach lists that are 10+ characters long or become so
// with trivial changes; shorter ones are refused by the length rule already.
const COMMON = new Set(
  [
    '1234567890',
    '0123456789',
    '12345678910',
    '123456789a',
    'a123456789',
    '1q2w3e4r5t',
    '1qaz2wsx3edc',
    'qwertyuiop',
    'qwerty1234',
    'qwerty123456',
    'asdfghjkl1',
    'password12',
    'password123',
    'password1234',
    'password1!',
    'passw0rd123',
    'iloveyou12',
    'iloveyou123',
    'football123',
    'baseball123',
    'basketball',
    'superman123',
    'starwars123',
    'letmein123',
    'welcome123',
    'welcome1234',
    'admin12345',
    'administrator',
    'changeme123',
    'trustno1234',
    'michael123',
    'sunshine123',
    'princess123',
    'qwertyqwerty',
    '11111111111',
    '1111111111',
    '0000000000',
    '9876543210',
    '1234512345',
    '123123123123',
    'abcdefghij',
    'abc1234567',
    'zaq12wsxcde',
    'dashboard123',
    'shopprofit',
  ].map((p) => p.toLowerCase()),
);

/** Why `password` is refused, as a sentence, or null when it is fine. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password needs at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password can have at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password))
    return 'That password is one of the most common ones; choose another.';
  if (email && lower === email.toLowerCase()) return 'The password cannot be your email address.';
  return null;
}
