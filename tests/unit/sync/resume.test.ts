import { describe, expect, it } from 'vitest';
import type { OrderStore } from '@/lib/store/order-store';
import type { SyncEngine } from '@/lib/sync/engine';
import { resumeOrphans } from '@/lib/sync/resume';

const NOW = 1_800_000_000_000;
const QUIET = 15_000;

function fixture(running: string[] = []) {
  const jobs = [
    { shopId: 'dead', timezone: 'UTC', from: '2026-01-01', to: '2026-12-31', updatedAt: NOW - QUIET },
    { shopId: 'busy', timezone: 'UTC', from: '2026-01-01', to: '2026-12-31', updatedAt: NOW - 2_000 },
    { shopId: 'mine', timezone: 'UTC', from: '2026-01-01', to: '2026-12-31', updatedAt: NOW - 60_000 },
    { shopId: 'removed', timezone: 'UTC', from: '2026-01-01', to: '2026-12-31', updatedAt: NOW - 60_000 },
  ];
  const ensured: { shop: string; range: { from: string; to: string } }[] = [];
  const engine = {
    isRunning: (id: string) => running.includes(id),
    ensure: async (shop: { id: string }, range: { from: string; to: string }) => {
      ensured.push({ shop: shop.id, range });
      return {};
    },
  } as unknown as SyncEngine;
  const store = { unfinishedJobs: async () => jobs } as unknown as OrderStore;
  return { engine, store, ensured, served: async (id: string) => id !== 'removed' };
}

describe('a sync left unfinished by an instance that died', () => {
  it('is asked for again once its checkpoint has been quiet, with the range it was for', async () => {
    const { engine, store, ensured, served } = fixture(['mine']);
    expect(await resumeOrphans({ engine, store, served }, NOW, QUIET)).toEqual(['dead']);
    expect(ensured).toEqual([{ shop: 'dead', range: { from: '2026-01-01', to: '2026-12-31' } }]);
  });

  it('leaves a run whose checkpoint still moves, one this instance runs, and a shop no connection lists', async () => {
    const { engine, store, ensured, served } = fixture(['mine', 'dead']);
    expect(await resumeOrphans({ engine, store, served }, NOW, QUIET)).toEqual([]);
    expect(ensured).toEqual([]);
  });
});
