// The server the browser tests drive: a fresh production build, fresh demo data, loopback only.
import { spawn } from 'node:child_process';
import { buildProduction } from './build-fingerprint.mjs';
import { rmSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { serverEnv, serverNodeFlags } from './server-memory.mjs';

const nextBin = 'node_modules/next/dist/bin/next';
const dataDir = process.env.DATA_DIR ?? '.e2e-data';
rmSync(dataDir, { recursive: true, force: true });

if (process.env.E2E_SKIP_BUILD !== '1') {
  const status = buildProduction();
  if (status !== 0) process.exit(status);
}

// A mail server on loopback that accepts and drops every message: the dashboard sends invitations,
// alerts and digests as it would in production, and nothing leaves the machine.
const mailSink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('end', () => done());
    stream.resume();
  },
});
await new Promise((resolve) => mailSink.listen(0, '127.0.0.1', resolve));

const env = serverEnv({
  ...process.env,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${mailSink.server.address().port}`,
  MAIL_FROM: process.env.MAIL_FROM ?? 'dashboard@e2e.example',
  DATA_DIR: dataDir,
  // The suite walks many pages quickly; the limits themselves are covered by unit and integration tests.
  SERVICE_RATE_LIMIT_PER_MINUTE: process.env.SERVICE_RATE_LIMIT_PER_MINUTE ?? '600',
  UPSTREAM_RATE_LIMIT_PER_MINUTE: process.env.UPSTREAM_RATE_LIMIT_PER_MINUTE ?? '600',
});
const server = spawn(
  process.execPath,
  [...serverNodeFlags(env), nextBin, 'start', '-H', '127.0.0.1', '-p', process.env.PORT ?? '3999'],
  {
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
