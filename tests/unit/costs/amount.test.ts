import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, parseRate } from '@/lib/costs/amount';

describe('parseAmount', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0', 0],
    ['.5', 50],
    ['7.', 700],
    [' $1,234.50 ', 123450],
    ['£0.99', 99],
    ['€ 1,000,000', 100000000],
    ['1000000000', 100000000000],
    ['1,000,000,000.00', 100000000000],
  ])('%j → %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'is required'],
    ['   ', 'is required'],
    ['abc', 'must be a number like 12.50'],
    ['12,50', 'must be a number like 12.50'],
    ['1,23.00', 'must be a number like 12.50'],
    ['1.2.3', 'must be a number like 12.50'],
    ['1e3', 'must be a number like 12.50'],
    ['$', 'must be a number like 12.50'],
    ['.', 'must be a number like 12.50'],
    ['12.345', 'has more than 2 decimals'],
    ['-5', 'must not be negative'],
    ['-$5.00', 'must not be negative'],
    ['$-5', 'must not be negative'],
    ['1000000000.01', 'must be at most 1,000,000,000'],
    ['99999999999', 'must be at most 1,000,000,000'],
  ])('%j is refused: %s', (text, message) => {
    expect(parseAmount(text)).toEqual({ ok: false, message });
  });

  it('formatAmount writes what parseAmount reads back', () => {
    for (const cents of [0, 1, 99, 100, 123456, 100000000000])
      expect(parseAmount(formatAmount(cents))).toEqual({ ok: true, cents });
    expect(formatAmount(123456)).toBe('1234.56');
  });
});

describe('parseRate', () => {
  it.each([
    ['0.79', '0.79'],
    ['1', '1'],
    ['01.250000', '1.25'],
    ['.5', '0.5'],
    ['0.000001', '0.000001'],
    ['1000000', '1000000'],
  ])('%j → %s', (text, rate) => {
    expect(parseRate(text)).toEqual({ ok: true, rate });
  });

  it.each([
    ['', 'is required'],
    ['0', 'must be greater than 0'],
    ['0.000000', 'must be greater than 0'],
    ['-1', 'must be greater than 0'],
    ['0.0000001', 'has more than 6 decimals'],
    ['1,5', 'must be a number like 0.79'],
    ['x', 'must be a number like 0.79'],
    ['1000000.5', 'must be at most 1,000,000'],
  ])('%j is refused: %s', (text, message) => {
    expect(parseRate(text)).toEqual({ ok: false, message });
  });
});
