import type { LookupAddress } from 'node:dns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';

// The URL guard of Slack and webhook channels: which addresses alerts may post to, whatever name
// leads there, at the channel's creation and at the moment of connecting (a name re-resolved to a
// private address is refused then too). Names resolve through a fixed table instead of the network.

const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['93.184.215.14', '10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:192.168.1.10'],
};

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (host: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) => {
    const found = names[host];
    if (!found) return callback(Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const { checkWebhookUrl, guardedLookup, isPrivateAddress } = await import('@/lib/alerts/ssrf');

const allowPrivate = (on: boolean) =>
  setServerConfigForTests(parseServerConfig(on ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}));

beforeEach(() => allowPrivate(false));
afterEach(() => setServerConfigForTests(undefined));

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:10.0.0.1',
    '64:ff9b::10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('checkWebhookUrl', () => {
  it('allows an https or http URL whose host resolves only to public addresses', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/services/T0/B0/secret')).toBeNull();
    expect(await checkWebhookUrl('http://93.184.215.14:8080/hook')).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:3000/hook', /127\.0\.0\.1, a private or local address/],
    ['http://10.0.0.1/hook', /10\.0\.0\.1, a private or local address/],
    ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
    ['http://[::1]/hook', /::1/],
    ['http://[::ffff:7f00:1]/hook', /private or local/],
    ['http://localhost:8080/hook', /localhost/],
    ['http://api.localhost/hook', /localhost/],
    ['http://2130706433/hook', /127\.0\.0\.1/],
    ['https://internal.example.com/hook', /internal\.example\.com resolves to 10\.1\.2\.3/],
    ['https://metadata.example.com/', /resolves to 169\.254\.169\.254/],
    ['https://mapped.example.com/', /resolves to ::ffff:192\.168\.1\.10/],
  ])('refuses %s with a sentence', async (url, sentence) => {
    const answer = await checkWebhookUrl(url);
    expect(answer).toMatch(sentence);
    expect(answer).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it.each([
    ['ftp://hooks.example.com/x', /https:\/\/ or http:\/\//],
    ['file:///etc/passwd', /https:\/\/ or http:\/\//],
    ['https://user:pw@hooks.example.com/x', /user name or password/],
    ['hooks.example.com/x', /not a URL/],
    ['https://nowhere.example.com/x', /nowhere\.example\.com was not found/],
  ])('refuses %s', async (url, sentence) => {
    expect(await checkWebhookUrl(url)).toMatch(sentence);
  });

  it('names the host but never the URL path (a Slack URL path is a credential)', async () => {
    const answer = await checkWebhookUrl('https://internal.example.com/services/T0/B0/very-secret');
    expect(answer).not.toMatch(/very-secret|services/);
  });

  it('allows private addresses with WEBHOOK_ALLOW_PRIVATE=true, but still not credentials or other schemes', async () => {
    allowPrivate(true);
    expect(await checkWebhookUrl('http://127.0.0.1:3000/hook')).toBeNull();
    expect(await checkWebhookUrl('http://localhost:3000/hook')).toBeNull();
    expect(await checkWebhookUrl('https://internal.example.com/hook')).toBeNull();
    expect(await checkWebhookUrl('https://u:p@internal.example.com/hook')).toMatch(/user name or password/);
    expect(await checkWebhookUrl('gopher://internal.example.com/')).toMatch(/https:\/\/ or http:\/\//);
  });
});

describe('guardedLookup (the address connected)', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(host, { all }, (error, address) => resolve({ error, address })),
    );

  it('refuses a name that resolves to a private address now (DNS rebinding)', async () => {
    const { error } = await lookup('internal.example.com', false);
    expect(error?.message).toMatch(/resolves to 10\.1\.2\.3/);
  });

  it('answers a public name in the form the caller asked for', async () => {
    expect((await lookup('hooks.example.com', false)).address).toBe('93.184.215.14');
    expect((await lookup('hooks.example.com', true)).address).toHaveLength(2);
  });

  it('lets private addresses through with WEBHOOK_ALLOW_PRIVATE=true', async () => {
    allowPrivate(true);
    expect(await lookup('internal.example.com', false)).toEqual({ error: null, address: '93.184.215.14' });
  });
});
