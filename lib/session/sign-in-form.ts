// Why the sign-in and set-up forms' plain POST (app/login/form, app/login/setup: before the page's
// scripts load) came back, as a code in the sign-in page's address, and the sentence the page shows
// for it. Only these sentences: a crafted link cannot put words of its own on the sign-in page.
// Client-safe.
import { DASHBOARD_ERRORS } from '@/lib/api/errors';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/team/password-policy';

const SENTENCES = {
  MISSING: 'Enter your email and password.',
  WRONG_PASSWORD: DASHBOARD_ERRORS.WRONG_PASSWORD.message,
  TOO_MANY_ATTEMPTS: DASHBOARD_ERRORS.TOO_MANY_ATTEMPTS.message,
  FORBIDDEN_ORIGIN: DASHBOARD_ERRORS.FORBIDDEN_ORIGIN.message,
  INVALID_REQUEST: 'The form did not arrive as the page sends it; nothing was checked. Try again.',
  UNAVAILABLE: 'The dashboard could not check this just now; try again in a moment.',
  // The owner's set-up.
  SETUP_TOKEN_MISSING: "Enter the set-up token from the server's output.",
  WRONG_SETUP_TOKEN: DASHBOARD_ERRORS.WRONG_SETUP_TOKEN.message,
  EMAIL_MISSING: 'Enter your email.',
  PASSWORDS_DIFFER: 'The two passwords differ.',
  PASSWORD_WEAK: `The password needs ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, cannot be your email address and cannot be one of the most common passwords.`,
  HAS_OWNER: 'The dashboard already has an owner: sign in instead.',
} as const;

export type SignInFormError = keyof typeof SENTENCES;

/** The sentence of a code in the sign-in page's address, or null for anything else. */
export function signInFormSentence(code: unknown): string | null {
  return typeof code === 'string' && Object.hasOwn(SENTENCES, code) ? SENTENCES[code as SignInFormError] : null;
}
