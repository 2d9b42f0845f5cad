// `npm start`: build once when no production build exists (a fresh clone after `npm ci`), then serve.
// The Node.js check comes first, before Next.js or any native driver is loaded.
import { requireSupportedNode } from './check-node.mjs';
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

requireSupportedNode();

const nextBin = 'node_modules/next/dist/bin/next';
if (!existsSync('.next/BUILD_ID')) {
  console.log('No production build found: building the dashboard once (about a minute)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, [nextBin, 'start', '-p', port, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
