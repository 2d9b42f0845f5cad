import { describe, expect, it } from 'vitest';
import { readableHistory } from '@/lib/format/history';

describe('readableHistory', () => {
  it('writes a cost change as every other figure: money with its currency, one date style', () => {
    expect(readableHistory('Added expense "Rent" 500.00 monthly from 2026-11-01 to 2026-12-31', 'USD')).toBe(
      'Added expense "Rent" $500.00 monthly from Nov 1, 2026 to Dec 31, 2026',
    );
    expect(readableHistory('Set the unit cost of MUG-1 to 40.00 from 2026-11-15', 'GBP')).toBe(
      'Set the unit cost of MUG-1 to £40.00 from Nov 15, 2026',
    );
    expect(readableHistory('Changed ad spend -12.50 on 2026-03-01 to 7.05 on 2026-03-02', 'EUR')).toMatch(
      /^Changed ad spend -€12\.50 on Mar 1, 2026 to €7\.05 on Mar 2, 2026$/,
    );
  });

  it('leaves what is not an amount alone (counts, names, rates) and only days without a currency', () => {
    expect(readableHistory('Imported 12 rows (entry 3) for MUG-1.5', 'USD')).toBe(
      'Imported 12 rows (entry 3) for MUG-1.5',
    );
    expect(readableHistory('Added the rate 1 GBP = 1.27 USD from 2025-01-01', null)).toBe(
      'Added the rate 1 GBP = 1.27 USD from Jan 1, 2025',
    );
  });

  it('leaves a sentence already written in money as it is', () => {
    const once = readableHistory('Set the unit cost of MUG-1 to 40.00 from 2026-11-15', 'USD');
    expect(readableHistory(once, 'USD')).toBe(once);
  });
});
