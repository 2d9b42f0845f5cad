import { describe, expect, it } from 'vitest';
import { draftProblems, serverProblems } from '@/components/all-shops/rate-form';
import { ApiError } from '@/lib/api/api-error';

describe('the rate form’s checks', () => {
  it('names each wrong field with why, and accepts a good draft', () => {
    expect(draftProblems({ currency: 'GBP', target: 'USD', fromDay: '2025-01-01', rate: '1.27' })).toEqual({});
    expect(draftProblems({ currency: 'gb', target: 'GB', fromDay: '', rate: '1,5' })).toEqual({
      currency: 'must be a 3-letter currency code such as GBP',
      target: 'must be a 3-letter currency code such as USD',
      fromDay: 'must be a day (YYYY-MM-DD)',
      rate: 'must be a number like 0.79',
    });
    expect(draftProblems({ currency: 'EUR', target: 'EUR', fromDay: '2025-01-01', rate: '0' })).toEqual({
      target: 'must differ from the currency',
      rate: 'must be greater than 0',
    });
  });

  it('puts a server message "field: why" by its field, anything else on the form', () => {
    expect(
      serverProblems(new ApiError({ status: 400, code: 'INVALID_REQUEST', message: 'rate: has more than 6 decimals' })),
    ).toEqual({ rate: 'has more than 6 decimals' });
    expect(
      serverProblems(
        new ApiError({ status: 409, code: 'CONFLICT', message: 'There is already a EUR → USD rate from 2025-01-01' }),
      ),
    ).toEqual({
      form: 'There is already a EUR → USD rate from 2025-01-01',
    });
  });
});
