import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { builtFingerprint, sourceFingerprint } from '../../../scripts/build-fingerprint.mjs';

// `npm start` rebuilds when the fingerprint of the sources differs from the one the build recorded.
describe('the build fingerprint', () => {
  const cwd = process.cwd();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fingerprint-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'package.json'), '{}\n');
    process.chdir(dir);
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  it('changes when a source file changes, is added or the lockfile changes, and not otherwise', () => {
    const first = sourceFingerprint();
    expect(sourceFingerprint()).toBe(first);
    writeFileSync(join(dir, 'lib', 'a.ts'), 'export const a = 2;\n');
    const edited = sourceFingerprint();
    expect(edited).not.toBe(first);
    writeFileSync(join(dir, 'lib', 'b.ts'), 'export const b = 1;\n');
    const added = sourceFingerprint();
    expect(added).not.toBe(edited);
    writeFileSync(join(dir, 'package-lock.json'), '{}\n');
    expect(sourceFingerprint()).not.toBe(added);
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'store.db'), 'x');
    expect(sourceFingerprint()).toBe(sourceFingerprint());
  });

  it('knows no build fingerprint without a build, or for a build made before fingerprints', () => {
    expect(builtFingerprint()).toBeNull();
    mkdirSync(join(dir, '.next'));
    writeFileSync(join(dir, '.next', 'BUILD_ID'), 'abc\n');
    expect(builtFingerprint()).toBeNull();
    writeFileSync(join(dir, '.next', 'source-fingerprint'), `${sourceFingerprint()}\n`);
    expect(builtFingerprint()).toBe(sourceFingerprint());
  });
});
