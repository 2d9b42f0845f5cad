// Money and rates typed by a seller (a form field, a CSV cell), in major units: "12.50", "$1,234.5",
// "£0.99". Pure and client-safe: the forms check as they type with the same rules the API applies.
// Amounts become integer cents at once, so nothing downstream ever sees a float of money.

export type ParsedAmount = { ok: true; cents: number } | { ok: false; message: string };
export type ParsedRate = { ok: true; rate: string } | { ok: false; message: string };

/** The largest amount accepted, in major units (a typo guard: no single cost is a billion). */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_RATE = 1_000_000;

const NUMBER_LIKE = 'must be a number like 12.50';
// Digits with optional thousands commas ("1,234,567") or none, then optional decimals.
const AMOUNT = /^(?:(\d{1,3}(?:,\d{3})+)|(\d+))?(?:\.(\d*))?$/;

function stripSymbol(text: string): { negative: boolean; body: string } {
  let body = text.trim();
  let negative = false;
  if (body.startsWith('-')) {
    negative = true;
    body = body.slice(1).trim();
  }
  if (/^[$£€]/.test(body)) body = body.slice(1).trim();
  // "$-5" is as negative as "-$5".
  if (!negative && body.startsWith('-')) {
    negative = true;
    body = body.slice(1).trim();
  }
  return { negative, body };
}

/** Parses a decimal amount in major units into integer cents, or says what is wrong with it. */
export function parseAmount(text: string): ParsedAmount {
  const { negative, body } = stripSymbol(text);
  if (body === '') return { ok: false, message: text.trim() === '' ? 'is required' : NUMBER_LIKE };
  const match = AMOUNT.exec(body);
  if (!match || (match[1] === undefined && match[2] === undefined && !match[3]))
    return { ok: false, message: NUMBER_LIKE };
  if (negative) return { ok: false, message: 'must not be negative' };
  const decimals = match[3] ?? '';
  if (decimals.length > 2) return { ok: false, message: 'has more than 2 decimals' };
  const whole = (match[1] ?? match[2] ?? '0').replaceAll(',', '');
  if (
    whole.length > 10 ||
    Number(whole) > MAX_AMOUNT ||
    (Number(whole) === MAX_AMOUNT && Number(decimals || '0') > 0)
  ) {
    return { ok: false, message: 'must be at most 1,000,000,000' };
  }
  return { ok: true, cents: Number(whole) * 100 + Number(decimals.padEnd(2, '0')) };
}

/** Cents as the plain major-unit text parseAmount reads back: 123456 → "1234.56". */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * A money field's text as typed in a locale that writes a decimal comma ("1.234,56", "1 234,56",
 * "12,5"), as the plain text parseAmount reads ("1234.56"). A point alone stays a decimal point
 * ("12.50"), unless it groups thousands ("1.234"). With `decimal` '.', the text is left as it is.
 */
export function plainAmount(text: string, decimal: string): string {
  if (decimal !== ',') return text.trim();
  const body = text.trim().replace(SPACES, '');
  if (body.includes(',')) return body.replaceAll('.', '').replace(',', '.');
  return /^[-$£€]*\d{1,3}(?:\.\d{3})+$/.test(body) ? body.replaceAll('.', '') : body;
}

/** Plain major-unit text ("1234.56") as a field in that locale shows it ("1234,56"). */
export function localAmount(plain: string, decimal: string): string {
  return decimal === ',' ? plain.replace('.', ',') : plain;
}

const RATE = /^(\d+)?(?:\.(\d*))?$/;

/**
 * Parses an exchange rate ("0.79", "1,234.5" is refused: rates have no thousands commas) into its
 * canonical text: no leading zeros, no trailing decimal zeros ("01.2500" → "1.25").
 */
export function parseRate(text: string): ParsedRate {
  const body = text.trim();
  if (body === '') return { ok: false, message: 'is required' };
  if (body.startsWith('-')) {
    return {
      ok: false,
      message: RATE.test(body.slice(1)) && /\d/.test(body) ? 'must be greater than 0' : 'must be a number like 0.79',
    };
  }
  const match = RATE.exec(body);
  if (!match || (!match[1] && !match[2])) return { ok: false, message: 'must be a number like 0.79' };
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if ((match[2] ?? '').length > 6) return { ok: false, message: 'has more than 6 decimals' };
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const value = Number(`${whole}.${decimals || '0'}`);
  if (value <= 0) return { ok: false, message: 'must be greater than 0' };
  if (value > MAX_RATE) return { ok: false, message: 'must be at most 1,000,000' };
  return { ok: true, rate: decimals ? `${whole}.${decimals}` : whole };
}
