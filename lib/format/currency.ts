// A shop's currency, derived from its region code (the spec gives no currency field). Client-safe.

const CURRENCY_BY_REGION: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  UK: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  IE: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  JP: 'JPY',
  SG: 'SGD',
  MY: 'MYR',
  TH: 'THB',
  VN: 'VND',
  PH: 'PHP',
  ID: 'IDR',
  AU: 'AUD',
  SA: 'SAR',
  AE: 'AED',
};

/** Falls back to USD for a region we do not know, so an amount is always formattable. */
export function currencyForRegion(region: string): string {
  return CURRENCY_BY_REGION[region.trim().toUpperCase()] ?? 'USD';
}
