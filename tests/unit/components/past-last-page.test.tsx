// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { lastPageOf, PastLastPage } from '@/components/data-table/past-last-page';
import { renderWithProviders } from '../../support/render';

afterEach(cleanup);

describe('PastLastPage', () => {
  it('says how far the list goes instead of "no orders", and goes to the last page', () => {
    const onGoTo = vi.fn();
    renderWithProviders(<PastLastPage page={9999} limit={25} total={2212} noun="orders" onGoTo={onGoTo} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /Page 9,999 is past the end.*2,212 orders at 25 per page: the last page is 89/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 89' }));
    expect(onGoTo).toHaveBeenCalledWith(89);
  });

  it('counts a partial last page and never goes below page 1', () => {
    expect(lastPageOf(100, 25)).toBe(4);
    expect(lastPageOf(101, 25)).toBe(5);
    expect(lastPageOf(0, 25)).toBe(1);
  });
});
