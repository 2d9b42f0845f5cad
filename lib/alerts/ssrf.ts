import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { serverConfig } from '@/lib/config/env';

// The guard of alerts' Slack and webhook URLs: a channel's URL is typed by a person, so without it
// the server would POST to its own network (a metadata service, an admin port, a database). It is
// checked when the channel is added, and again at every send on the address actually connected:
// a name that resolved to a public address then and to a private one now (DNS rebinding) is refused.
// WEBHOOK_ALLOW_PRIVATE turns it off for a LAN receiver (and tests).

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with 255.255.255.255 (broadcast)
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The 8 groups of an IPv6 address (dotted IPv4 tail and `::` expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), or null. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return null;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

/** Whether `address` (an IP literal) is loopback, private, link-local, multicast or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

const allowPrivate = () => serverConfig().webhookAllowPrivate;

const refusal = (host: string, address: string) =>
  `${host === address ? 'The address' : `The host ${host} resolves to`} ${address}, a private or local address, which alerts may not post to (set WEBHOOK_ALLOW_PRIVATE=true to allow it).`;

/** The URL's host name without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be told of a URL without resolving its host: why not (a sentence), or null. An IP
 * literal is checked here, since connecting to one resolves nothing the send's lookup could check.
 */
export function checkUrlShape(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The address is not a URL (it should look like https://example.com/hooks/…).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https:// or http://.';
  if (url.username || url.password) return 'The address must not hold a user name or password (user:password@…).';
  if (allowPrivate()) return null;
  const host = hostOf(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost'))
    return 'The address names this server (localhost), which alerts may not post to (set WEBHOOK_ALLOW_PRIVATE=true to allow it).';
  if (isIP(host) !== 0 && isPrivateAddress(host)) return refusal(host, host);
  return null;
}

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * Why alerts may not post to `text` (a sentence naming at most its host), or null: https or http,
 * no credentials, and every address its host resolves to public (unless WEBHOOK_ALLOW_PRIVATE).
 */
export async function checkWebhookUrl(text: string): Promise<string | null> {
  const shape = checkUrlShape(text);
  if (shape !== null || allowPrivate()) return shape;
  const host = hostOf(new URL(text));
  if (isIP(host) !== 0) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `The host ${host} was not found${typeof code === 'string' ? ` (${code})` : ''}.`;
  }
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? refusal(host, bad.address) : null;
}

/** A connection refused by the guard: its message is the sentence, and sending again cannot help. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKEDADDRESS';
}

/**
 * A `lookup` for node:http(s) `request` that refuses a private address at connect time, so the
 * address connected is the address checked (the name is not resolved a second time after it).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const bad = allowPrivate() ? undefined : addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new BlockedAddressError(refusal(hostname, bad.address)), '');
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};
