import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types: it must run on any Node.js
import { MIN_NODE, nodeVersionProblem } from '@/scripts/check-node.mjs';

// `npm start` and `npm run service` refuse an unsupported Node.js with a sentence naming the
// required version, before anything native loads (on Node 20 the server used to segfault later).

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe('the Node.js version check', () => {
  it.each(['20.20.2', 'v18.19.0', '22.11.0', 'garbage'])('refuses %s, naming 22.12 and Node 24 LTS', (version) => {
    const problem = nodeVersionProblem(version) as string | null;
    expect(problem).toMatch(/needs Node\.js 22\.12 or newer \(Node\.js 24 LTS recommended\)/);
  });

  it.each(['22.12.0', '23.0.0', '24.21.0', 'v26.1.0'])('accepts %s', (version) => {
    expect(nodeVersionProblem(version)).toBeNull();
  });

  it('agrees with package.json engines, and npm refuses to install on an older Node.js', () => {
    expect(pkg.engines.node).toBe(`>=${MIN_NODE.major}.${MIN_NODE.minor}`);
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it('runs first in npm start and npm run service', () => {
    const start = readFileSync('scripts/start.mjs', 'utf8');
    expect(start.indexOf('requireSupportedNode()')).toBeGreaterThan(-1);
    expect(start.indexOf('requireSupportedNode()')).toBeLessThan(start.indexOf('sourceFingerprint()'));
    expect(start.indexOf('requireSupportedNode()')).toBeLessThan(start.indexOf('buildProduction()'));
    expect(pkg.scripts.service).toMatch(/^node scripts\/check-node\.mjs && /);
  });

  // The machine's own Node.js 20 (Debian 12), when present: the real refusal, end to end.
  const oldNode = ['/usr/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const out = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    return nodeVersionProblem(out.stdout.trim()) !== null;
  });
  it.skipIf(!oldNode)('npm start on an old Node.js exits 1 with the explanation, before building or serving', () => {
    const run = spawnSync(oldNode!, ['scripts/start.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, PORT: '4301' },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/needs Node\.js 22\.12 or newer/);
    expect(run.stdout).not.toMatch(/building|Ready/i);
  });
});
