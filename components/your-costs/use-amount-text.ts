import { useLocale } from '@/components/app-shell/locale-provider';
import { localAmount, plainAmount } from '@/lib/costs/amount';
import { separatorsOf } from '@/lib/format/locale';

/**
 * A money field in the person's locale (docs/ARCHITECTURE.md#the-persons-locale): it shows and
 * accepts their decimal separator ("4,10" in de-DE) and sends the API the plain text it reads ("4.10").
 */
export function useAmountText() {
  const { decimal } = separatorsOf(useLocale());
  return {
    /** What the API reads: "1.234,56" → "1234.56" where the locale writes a decimal comma. */
    toPlain: (text: string) => plainAmount(text, decimal),
    /** Plain text ("4.10", from formatAmount) as the field shows it ("4,10"). */
    toLocal: (plain: string) => localAmount(plain, decimal),
  };
}
