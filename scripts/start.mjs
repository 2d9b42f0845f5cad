// `npm start`: build when there is no production build or the sources changed since the last one
// (a fresh clone after `npm ci`, or a checkout updated since), say which build is served, then serve.
// The Node.js check comes first, before Next.js or any native driver is loaded.
import { requireSupportedNode } from './check-node.mjs';
import { builtFingerprint, buildId, buildProduction, sourceFingerprint } from './build-fingerprint.mjs';
import { spawn } from 'node:child_process';
import { serverEnv, serverNodeFlags } from './server-memory.mjs';

requireSupportedNode();

const nextBin = 'node_modules/next/dist/bin/next';
const sources = sourceFingerprint();
const built = builtFingerprint();
if (built !== sources) {
  console.log(
    built === null
      ? 'No production build of these sources found: building the dashboard (about a minute)…'
      : `The sources changed since the last build (built from ${built}, now ${sources}): building again (about a minute)…`,
  );
  const status = buildProduction();
  if (status !== 0) process.exit(status);
}
console.log(`Serving build ${buildId()} of sources ${sources}.`);
const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [...serverNodeFlags(), nextBin, 'start', '-p', port, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: serverEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
