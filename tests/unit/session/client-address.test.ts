import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress, PEER_ADDRESS_HEADER } from '@/lib/session/client-address';
import { installPeerAddressHeader } from '@/lib/session/peer-address';

function request(headers: Record<string, string>): Request {
  return new Request('http://app.test/api/dashboard/session', { headers });
}

describe('the client address the sign-in throttle keys on', () => {
  it('is the socket peer; a client-written X-Forwarded-For is ignored without a trusted proxy', () => {
    const forged = request({ [PEER_ADDRESS_HEADER]: '198.51.100.7', 'x-forwarded-for': '1.2.3.4' });
    expect(clientAddress(forged, [])).toBe('198.51.100.7');
  });

  it('behind a trusted proxy, is the rightmost X-Forwarded-For hop the proxy saw, not what the client prepended', () => {
    const viaProxy = request({ [PEER_ADDRESS_HEADER]: '::ffff:10.0.0.2', 'x-forwarded-for': '1.2.3.4, 198.51.100.7' });
    expect(clientAddress(viaProxy, ['10.0.0.2'])).toBe('198.51.100.7');
    const twoProxies = request({
      [PEER_ADDRESS_HEADER]: '10.0.0.2',
      'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.3',
    });
    expect(clientAddress(twoProxies, ['10.0.0.2', '10.0.0.3'])).toBe('198.51.100.7');
  });

  it('a peer that is not the trusted proxy cannot choose its address by sending the header', () => {
    const direct = request({ [PEER_ADDRESS_HEADER]: '203.0.113.5', 'x-forwarded-for': '198.51.100.7' });
    expect(clientAddress(direct, ['10.0.0.2'])).toBe('203.0.113.5');
  });

  it('is unknown (null) when the request did not come through the server hook', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '1.2.3.4' }), [])).toBeNull();
  });

  it('the server hook stamps the real peer and overwrites a forged peer header', async () => {
    installPeerAddressHeader(http);
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: '6.6.6.6' } });
      expect(await answer.text()).toBe('127.0.0.1');
    } finally {
      server.close();
    }
  });
});
