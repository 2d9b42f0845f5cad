import { say } from './messages';

export interface OverviewNoteProps {
  /** Share of net sales from orders not settled yet (their fees are estimates); null: not said. */
  estimatedShare: number | null;
  /** Without costs and profit the note says nothing of profit, costs or fees (the page shows none). */
  seesProfit: boolean;
}

/** What the overview's figures count, under its cards. */
export function OverviewNote({ estimatedShare, seesProfit }: OverviewNoteProps) {
  return (
    <p className="muted note">
      Orders counts paid orders without cancelled and sample orders, so it is lower than the Orders page, which lists
      every order of the range.{' '}
      {seesProfit
        ? 'Sample orders are a separate marketing cost. Refunds are daily totals: they count in the bottom line and are not attributed to SKUs.'
        : 'Refunds are daily totals of refunded sales and discounts: they are not attributed to SKUs.'}
      {seesProfit && estimatedShare ? (
        <>
          {' '}
          <span className="estimate-mark">≈</span> {say('estimatedShare', { share: { percent: estimatedShare } })}
        </>
      ) : null}
    </p>
  );
}
