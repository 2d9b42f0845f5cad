import { isIP } from 'node:net';

// Which client a sign-in attempt comes from. Next.js does not hand route handlers the socket's
// address: it only fills X-Forwarded-For when the request has none, so a client talking to the app
// directly can write any address there. instrumentation.ts therefore stamps every incoming request
// with the socket's peer address in PEER_ADDRESS_HEADER, overwriting whatever a client sent under
// that name (see installPeerAddressHeader). X-Forwarded-For is believed only when that peer is a
// proxy named in TRUSTED_PROXY.

export const PEER_ADDRESS_HEADER = 'x-spd-peer-address';

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * The client's address, or null when the app cannot know it (no peer address: the request did not
 * come through instrumentation's server hook). Behind trusted proxies it is the rightmost
 * X-Forwarded-For entry that is not itself a trusted proxy: entries left of it were written by
 * the client and prove nothing.
 */
export function clientAddress(request: Request, trustedProxies: readonly string[]): string | null {
  const peerHeader = request.headers.get(PEER_ADDRESS_HEADER);
  if (!peerHeader) return null;
  const peer = normalizeAddress(peerHeader);
  if (!trustedProxies.includes(peer)) return peer;
  const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map(normalizeAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i]!;
    if (!trustedProxies.includes(hop)) return isIP(hop) ? hop : peer;
  }
  return peer;
}
