import { describe, expect, it } from 'vitest';
import { dayCount, previousPeriod, rangePresets, resolveRange } from '@/lib/time';

const LA = 'America/Los_Angeles';
const LONDON = 'Europe/London';
const unix = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

describe('resolveRange', () => {
  // Wednesday 2025-03-12, 12:00 in Los Angeles (PDT, three days after spring-forward).
  const now = new Date('2025-03-12T19:00:00Z');

  it('makes "Last 7 days" local midnight six days ago until now, across a DST change', () => {
    const range = resolveRange({ preset: 'last-7-days' }, LA, now);
    expect(range).toMatchObject({ from: '2025-03-06', to: '2025-03-12', preset: 'last-7-days', timeZone: LA });
    expect(range.startDate).toBe(unix('2025-03-06T08:00:00Z')); // midnight PST
    expect(range.endDate).toBe(unix('2025-03-12T19:00:00Z'));
  });

  it('makes "Today" midnight to now and "Yesterday" a whole local day', () => {
    expect(resolveRange({ preset: 'today' }, LA, now)).toMatchObject({
      from: '2025-03-12',
      startDate: unix('2025-03-12T07:00:00Z'),
      endDate: unix('2025-03-12T19:00:00Z'),
    });
    const yesterday = resolveRange({ preset: 'yesterday' }, LA, new Date('2025-03-10T19:00:00Z'));
    expect(yesterday).toMatchObject({ from: '2025-03-09', to: '2025-03-09' });
    expect(yesterday.endDate - yesterday.startDate + 1).toBe(23 * HOUR);
  });

  it('resolves month presets and year to date in the shop zone, not UTC', () => {
    expect(resolveRange({ preset: 'last-month' }, LA, now)).toMatchObject({
      from: '2025-02-01',
      to: '2025-02-28',
      startDate: unix('2025-02-01T08:00:00Z'),
      endDate: unix('2025-03-01T08:00:00Z') - 1,
    });
    expect(resolveRange({ preset: 'this-month' }, LA, now)).toMatchObject({ from: '2025-03-01', to: '2025-03-12' });
    // 05:00 UTC on New Year's Day is still 2024 in Los Angeles but already 2025 in London.
    const newYear = new Date('2025-01-01T05:00:00Z');
    expect(resolveRange({ preset: 'year-to-date' }, LA, newYear).from).toBe('2024-01-01');
    expect(resolveRange({ preset: 'year-to-date' }, LONDON, newYear).from).toBe('2025-01-01');
    expect(resolveRange({ preset: 'last-month' }, LONDON, newYear)).toMatchObject({
      from: '2024-12-01',
      to: '2024-12-31',
    });
  });

  it('gives 30 and 90 day presets that many calendar days', () => {
    expect(resolveRange({ preset: 'last-30-days' }, LONDON, now)).toMatchObject({
      from: '2025-02-11',
      to: '2025-03-12',
    });
    expect(resolveRange({ preset: 'last-90-days' }, LONDON, now)).toMatchObject({
      from: '2024-12-13',
      to: '2025-03-12',
    });
  });

  it('ends a custom range at 23:59:59 local, or now when it reaches today', () => {
    const past = resolveRange({ from: '2025-10-25', to: '2025-10-26' }, LONDON, now);
    expect(past.startDate).toBe(unix('2025-10-24T23:00:00Z'));
    expect(past.endDate).toBe(unix('2025-10-27T00:00:00Z') - 1);
    const reachesToday = resolveRange({ from: '2025-03-01', to: '2025-03-31' }, LA, now);
    expect(reachesToday.endDate).toBe(unix('2025-03-12T19:00:00Z'));
    expect(() => resolveRange({ from: '2025-03-02', to: '2025-03-01' }, LA, now)).toThrow(RangeError);
  });

  it('offers a custom range among its presets', () => {
    expect(rangePresets.map((p) => p.id)).toContain('custom');
  });
});

describe('previousPeriod', () => {
  it('is the same number of days and ends the day before the range starts', () => {
    const range = resolveRange({ preset: 'last-7-days' }, LA, new Date('2025-03-12T19:00:00Z'));
    const previous = previousPeriod(range);
    expect(previous).toEqual({ from: '2025-02-27', to: '2025-03-05' });
    expect(dayCount(previous.from, previous.to)).toBe(dayCount(range.from, range.to));
  });

  it('turns a whole day into the whole day before, across a DST change too', () => {
    const day = resolveRange({ from: '2025-06-10', to: '2025-06-10' }, LONDON, new Date('2025-07-01T00:00:00Z'));
    expect(previousPeriod(day)).toEqual({ from: '2025-06-09', to: '2025-06-09' });
    // London moved its clocks on 2025-03-30: the day before the 31st is still the 30th.
    expect(previousPeriod({ from: '2025-03-31', to: '2025-03-31' })).toEqual({ from: '2025-03-30', to: '2025-03-30' });
  });
});

describe('dayCount', () => {
  it('counts both ends, ignores DST and is 0 for a reversed range', () => {
    expect(dayCount('2025-03-01', '2025-03-31')).toBe(31);
    expect(dayCount('2024-01-01', '2024-12-31')).toBe(366);
    expect(dayCount('2025-03-10', '2025-03-10')).toBe(1);
    expect(dayCount('2025-03-11', '2025-03-10')).toBe(0);
  });
});
