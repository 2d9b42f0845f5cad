// What a production build was made from: a hash of every file `next build` reads (sources, config,
// the lockfile). `npm start` compares it with the sources on disk so an updated checkout never
// serves the previous code without a word. Plain JavaScript, no dependencies.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOTS = ['app', 'components', 'lib', 'public'];
const FILES = [
  'package.json',
  'package-lock.json',
  'next.config.mjs',
  'tsconfig.json',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
];
const FINGERPRINT_FILE = join('.next', 'source-fingerprint');

function walk(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** The hash of the build's inputs as they are on disk now. */
export function sourceFingerprint() {
  const files = FILES.filter((f) => existsSync(f));
  for (const root of ROOTS) walk(root, files);
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The fingerprint the current build was made from, or null (no build, or one made before fingerprints). */
export function builtFingerprint() {
  if (!existsSync(join('.next', 'BUILD_ID')) || !existsSync(FINGERPRINT_FILE)) return null;
  return readFileSync(FINGERPRINT_FILE, 'utf8').trim();
}

/** Runs `next build` and records what it was built from; returns the exit status. */
export function buildProduction() {
  const sources = sourceFingerprint();
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
  if (build.status === 0) writeFileSync(FINGERPRINT_FILE, `${sources}\n`);
  return build.status ?? 1;
}

// `node scripts/build-fingerprint.mjs` is `npm run build`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(buildProduction());

export function buildId() {
  return readFileSync(join('.next', 'BUILD_ID'), 'utf8').trim();
}
