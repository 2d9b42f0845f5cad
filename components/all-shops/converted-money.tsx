import { Money } from '@/components/money/money';

export interface ConvertedMoneyProps {
  /** In the target currency, or null when the shop has no rate. */
  converted: number | null;
  own: number;
  ownCurrency: string;
  target: string;
  tone?: boolean;
}

/** The figure in the target currency, with the shop's own figure under it when they differ. */
export function ConvertedMoney({ converted, own, ownCurrency, target, tone }: ConvertedMoneyProps) {
  const same = ownCurrency === target;
  return (
    <span className="figure-pair">
      {converted === null ? (
        <span className="muted">no rate</span>
      ) : (
        <Money cents={converted} currency={target} tone={tone} />
      )}
      {same ? null : (
        <span className="own-figure muted">
          <Money cents={own} currency={ownCurrency} />
        </span>
      )}
    </span>
  );
}
