import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript start script, no types
import { serverEnv, serverNodeFlags } from '../../../scripts/server-memory.mjs';

// Node is started sized for MEMORY_BUDGET_MB (scripts/server-memory.mjs), and deploy/README.md's
// command for an instance carries the very flags `npm start` uses at the reference budget.

describe('the serving process is sized for the memory budget', () => {
  it('takes a 32nd of the budget per semi-space and 60 % of it (at least 192 MB) for the old generation', () => {
    expect(serverNodeFlags({})).toEqual(['--max-semi-space-size=16', '--max-old-space-size=307']);
    expect(serverNodeFlags({ MEMORY_BUDGET_MB: '1024' })).toEqual([
      '--max-semi-space-size=32',
      '--max-old-space-size=614',
    ]);
    expect(serverNodeFlags({ MEMORY_BUDGET_MB: '256' })).toEqual([
      '--max-semi-space-size=8',
      '--max-old-space-size=192',
    ]);
  });

  it('reads an invalid budget as the reference one (the server itself refuses it with a sentence)', () => {
    for (const bad of ['128', 'lots', '', '600.5'])
      expect(serverNodeFlags({ MEMORY_BUDGET_MB: bad })).toEqual(serverNodeFlags({}));
  });

  it('holds malloc to two arenas unless the environment says otherwise', () => {
    expect(serverEnv({ A: '1' })).toEqual({ A: '1', MALLOC_ARENA_MAX: '2' });
    expect(serverEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });

  it('is what deploy/README.md starts each instance with', () => {
    const readme = readFileSync('deploy/README.md', 'utf8');
    const flags = (serverNodeFlags({}) as string[]).join(' ');
    expect(readme).toContain(`MALLOC_ARENA_MAX=2 node ${flags}`);
    expect(readme).toContain(`ExecStart=/usr/bin/node ${flags} node_modules/next/dist/bin/next start`);
  });
});
