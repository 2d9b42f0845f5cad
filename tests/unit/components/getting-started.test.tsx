// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ViewerProvider } from '@/components/app-shell/viewer';
import { GettingStarted } from '@/components/overview/getting-started';
import { alertRulesQueryOptions, teamQueryOptions, yourCostsQueryOptions } from '@/lib/queries/options';
import type { Role } from '@/lib/team/roles';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

interface Seed {
  cogs?: number;
  adSpend?: number;
  rules?: number;
  people?: number;
}

function show(role: Role, firstReadDone: boolean, seed: Seed = {}) {
  const view = renderWithProviders(
    <ViewerProvider viewer={{ name: 'Ann', role, seesProfit: true }}>
      <GettingStarted shopId="s1" firstReadDone={firstReadDone} />
    </ViewerProvider>,
  );
  const many = (n = 0) => Array.from({ length: n }, (_, i) => ({ id: String(i) }));
  const client = view.queryClient;
  client.setQueryData(yourCostsQueryOptions('s1').queryKey, {
    inputs: { cogs: many(seed.cogs), adSpend: many(seed.adSpend), expenses: [] },
    audit: [],
    undoable: null,
    skus: [],
  } as never);
  client.setQueryData(alertRulesQueryOptions().queryKey, {
    items: many(seed.rules),
    kinds: [{ kind: 'sku-loss' }, { kind: 'refund-spike' }, { kind: 'sync-stale' }],
    canEdit: true,
  } as never);
  client.setQueryData(teamQueryOptions<{ people: unknown[] }>().queryKey, { people: many(seed.people ?? 1) });
  view.rerender(
    <ViewerProvider viewer={{ name: 'Ann', role, seesProfit: true }}>
      <GettingStarted shopId="s1" firstReadDone={firstReadDone} />
    </ViewerProvider>,
  );
  return view;
}

describe('Getting started', () => {
  it('keeps the first read ticked when a longer range still being read is opened later', async () => {
    const view = show('owner', true);
    const first = async () => [...(await screen.findByRole('list')).querySelectorAll('li')][0]?.textContent;
    expect(await first()).toContain('(done)');
    view.rerender(
      <ViewerProvider viewer={{ name: 'Ann', role: 'owner', seesProfit: true }}>
        <GettingStarted shopId="s1" firstReadDone={false} />
      </ViewerProvider>,
    );
    expect(await first()).toContain('(done)');
  });

  it('lists a new owner’s first steps, ticking off what the data shows is done, with suggested alerts', async () => {
    show('owner', false, { adSpend: 2 });
    const list = await screen.findByRole('list');
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toContain('Your orders are read');
    expect(items.find((t) => t?.includes('Import your ad spend'))).toContain('(done)');
    expect(items.find((t) => t?.includes('Add your cost of goods'))).not.toContain('(done)');
    expect(screen.getByRole('link', { name: 'Set unit costs' }).getAttribute('href')).toBe('/sku-costs');
    expect(screen.getByRole('button', { name: 'Add the suggested alerts' })).toBeTruthy();
  });

  it('goes away once every step is done', () => {
    const { container } = show('owner', true, { cogs: 1, adSpend: 1, rules: 1, people: 2 });
    expect(container.textContent).toBe('');
  });

  it('is not shown to a viewer', () => {
    const { container } = show('viewer', false);
    expect(container.textContent).toBe('');
  });
});
