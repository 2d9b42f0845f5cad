import type * as Http from 'node:http';
import { PEER_ADDRESS_HEADER } from './client-address';

// Next.js keeps the socket to itself; this hook, installed once at start-up by instrumentation.ts,
// copies each request's peer address into a header before Next sees the request. The header is
// always overwritten, so a client cannot choose its value.

const installed = Symbol.for('spd.peerAddressHeader');

type Emit = Http.Server['emit'];

export function installPeerAddressHeader(http: typeof Http): void {
  const proto = http.Server.prototype as Http.Server & { [installed]?: true };
  if (proto[installed]) return;
  const original: Emit = proto.emit;
  proto.emit = function emit(this: Http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as Http.IncomingMessage;
      const address = request.socket?.remoteAddress;
      if (address) request.headers[PEER_ADDRESS_HEADER] = address;
      else delete request.headers[PEER_ADDRESS_HEADER];
    }
    return original.call(this, event, ...args);
  } as Emit;
  proto[installed] = true;
}
