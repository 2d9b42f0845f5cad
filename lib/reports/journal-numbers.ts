// A journal's number (docs/ARCHITECTURE.md#journals): the shop's code, the month, a draft mark and
// the part, unique per shop, month and part, so journals of several shops and months imported into
// one set of books never share one (QuickBooks refuses a second journal of a number in an import,
// and nothing else tells them apart). Pure.

/** The longest journal number QuickBooks keeps (its Journal No.). */
const MAX_NUMBER = 21;
const CODE_LENGTH = 8;

/**
 * A shop's code in its journal numbers: the marketplace's shop code (`shopCode`, unique per shop)
 * in letters and digits, when it fits in 8; a longer one keeps its first three and a 5-character
 * digest of the whole, so two shops never share a code by a cut; none: a digest of the shop's id.
 */
export function journalShopCode(shop: { id: string; shopCode: string }): string {
  const code = shop.shopCode
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  if (code.length > 0 && code.length <= CODE_LENGTH) return code;
  const whole = code || shop.id;
  return `${code.slice(0, 3) || 'S'}${digest(whole)}`;
}

/** FNV-1a of the text, as 5 base-36 characters. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 5).toString(36).toUpperCase().padStart(5, '0');
}

/** `US1A2B3C-202603`, `-D` for a month not closed, `-2` for its second part: unique per shop, month and part, within 21 characters. */
export function journalNumber(code: string, month: string, draft: boolean, part: number, parts: number): string {
  const number = `${code}-${month.replace('-', '')}${draft ? '-D' : ''}${parts > 1 ? `-${part}` : ''}`;
  if (number.length > MAX_NUMBER) throw new Error(`Journal number ${number} is longer than ${MAX_NUMBER} characters`);
  return number;
}
