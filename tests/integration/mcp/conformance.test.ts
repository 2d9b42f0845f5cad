import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPersonalToken } from '@/lib/server/actions/tokens';
import { findByEmail } from '@/lib/team/people';
import { DELETE, GET, POST } from '@/app/api/mcp/route';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { serveHttp, type Served } from '@/tests/support/api/serve-http';
import { postLogin } from '@/tests/integration/api/support';

// The MCP project's own conformance suite (@modelcontextprotocol/conformance, offline: it is a
// client that speaks to a URL) against the dashboard's MCP server over real HTTP. The suite cannot
// send a header, so the server is served behind a step that adds the owner's personal token, as
// an MCP client's configuration does. Scenarios that test the reference server's own fixtures (a
// tool named test_image, prompts, subscriptions…) are listed, each with why, in
// conformance-baseline.yml: the suite fails on any other failure, and on a listed one that passes.

const CLI = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = join(process.cwd(), 'tests', 'integration', 'mcp', 'conformance-baseline.yml');

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the MCP conformance suite', () => {
  const fixture = routesFixture({ orders: 200, postgres: false });
  let served: Served;
  let out: string;

  beforeAll(async () => {
    await postLogin('demo'); // the first sign-in makes the demo owner
    const owner = (await findByEmail(fixture.store.db, 'owner@demo.example'))!.person;
    const { token } = await createPersonalToken(owner, { name: 'conformance', expiresInDays: null, shops: null });
    const withToken = (handler: (request: Request) => Promise<Response>) => (request: Request) => {
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${token}`);
      return handler(new Request(request, { headers }));
    };
    served = await serveHttp({ POST: withToken(POST), GET: withToken(GET), DELETE: withToken(DELETE) }, '/api/mcp');
    out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  }, 120_000);

  afterAll(async () => {
    await served?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('passes every scenario of the active suite but those of the reference server’s own fixtures', async () => {
    const result = await run([
      'server',
      '--url',
      served.url,
      '--suite',
      'active',
      '--expected-failures',
      BASELINE,
      '-o',
      out,
    ]);
    expect({ code: result.code, output: result.code === 0 ? '' : result.output.slice(-4000) }).toEqual({
      code: 0,
      output: '',
    });
    expect(result.output).toMatch(/server-initialize/);
  }, 300_000);
});
