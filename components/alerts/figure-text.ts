import type { AlertFigure, FigureUnit } from '@/lib/alerts/schemas';
import { formatCount, formatMoney } from '@/lib/format/money';
import { perLocale } from '@/lib/format/locale';
import { say } from './messages';

// An alert's figure and what it was compared with, in words: money in the shop's currency (the
// figure carries it), percentages and points to one decimal, counts, hours and minutes whole.

function unitText(value: number, unit: FigureUnit, currency: string): string {
  switch (unit) {
    case 'money':
      return formatMoney(value, currency);
    case 'percent':
      return say('percent', { value: { decimal: value } });
    case 'points':
      return say('points', { value: { decimal: value }, abs: { count: Math.abs(value) } });
    case 'count':
      return formatCount(value);
    case 'hours':
      return say('hours', { hours: { count: Math.round(value) } });
    case 'minutes':
      return say('minutes', { minutes: { count: Math.round(value) } });
  }
}

/** "−$12.40 (usually $3.10)": the figure, then its baseline when the rule compared with one. */
export function figureText(figure: AlertFigure): { value: string; baseline: string | null } {
  return {
    value: unitText(figure.value, figure.unit, figure.currency),
    baseline: figure.baseline === null ? null : unitText(figure.baseline, figure.unit, figure.currency),
  };
}

const whenFormat = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** A moment (Unix ms) on the reader's own clock, "Nov 26, 14:05"; the ISO form goes in <time dateTime>. */
export function whenText(ms: number): string {
  return whenFormat().format(new Date(ms));
}
