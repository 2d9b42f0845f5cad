import { describe, expect, it } from 'vitest';
import { signInFormSentence } from '@/lib/session/sign-in-form';

describe("the sign-in page's sentence for a plain POST's way back", () => {
  it('says each reason in words', () => {
    expect(signInFormSentence('WRONG_PASSWORD')).toBe('That email and password do not match.');
    expect(signInFormSentence('MISSING')).toBe('Enter your email and password.');
    expect(signInFormSentence('FORBIDDEN_ORIGIN')).toMatch(/did not come from the dashboard itself/);
  });

  it('shows nothing for words a crafted link brings, or an object key that is not a reason', () => {
    for (const code of [
      'Call 555-0100 to unlock your account',
      'constructor',
      '__proto__',
      'toString',
      '',
      undefined,
      ['MISSING'],
    ])
      expect(signInFormSentence(code)).toBeNull();
  });
});
