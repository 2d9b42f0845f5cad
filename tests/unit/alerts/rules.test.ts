import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, DEFAULT_PARAMS, RULE_PARAMS } from '@/lib/alerts/rules';

describe('alert rules', () => {
  it('starts every kind at thresholds its schema accepts as they are', () => {
    for (const kind of ALERT_KINDS) {
      expect(RULE_PARAMS[kind].parse(DEFAULT_PARAMS[kind])).toEqual(DEFAULT_PARAMS[kind]);
    }
  });
});
