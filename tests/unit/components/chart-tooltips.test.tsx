// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RefundTooltip } from '@/components/charts/refund-tooltip';
import { REFUND_CATEGORIES, toChartDays } from '@/components/refunds/refund-categories';

afterEach(cleanup);

const details = Object.fromEntries(REFUND_CATEGORIES.map((c) => [c.key, 0]));
const [day] = toChartDays(
  [
    {
      day: '2025-03-04',
      date: 0,
      value: -12.5,
      details: { ...details, grossSalesRefund: -10, refundAdministrationFee: -2.5 } as never,
    },
  ],
  REFUND_CATEGORIES,
);

describe('the shared chart tooltip (refunds)', () => {
  it('names the day, lists only the non-zero categories and the total', () => {
    render(
      <RefundTooltip
        active
        payload={[{ payload: day }] as never}
        categories={REFUND_CATEGORIES}
        currency="USD"
        partialDay={null}
      />,
    );
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).not.toContain('today so far');
    const rows = within(tooltip)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toMatch(/^Total/);
  });

  it('marks the running day as "today so far", and renders nothing when inactive', () => {
    const { rerender } = render(
      <RefundTooltip
        active
        payload={[{ payload: day }] as never}
        categories={REFUND_CATEGORIES}
        currency="USD"
        partialDay="2025-03-04"
      />,
    );
    expect(screen.getByRole('tooltip').textContent).toContain('(today so far)');
    rerender(
      <RefundTooltip
        active={false}
        payload={[{ payload: day }] as never}
        categories={REFUND_CATEGORIES}
        currency="USD"
      />,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
