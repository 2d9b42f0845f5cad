import { serverConfig } from '@/lib/config/env';
import { getEmbeddedService } from '@/lib/service';
import { errorResponse, ServiceError } from '@/lib/service/errors';
import { clientAddress } from '@/lib/session/client-address';
import { logger, withRequestId } from '@/lib/log';
import { newRequestId, withRequestIdHeader } from '@/lib/api/request-id';

// The embedded Reporting Service's mount point (docs/ARCHITECTURE.md#data-flow): every method goes to the handler,
// which answers 405 for anything but GET. With a real upstream configured it is switched off. Its
// answers name their request in X-Request-Id like the dashboard's; its error body stays the one
// docs/ARCHITECTURE.md#error-body fixes for the interface, without a requestId.

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

async function serve(request: Request): Promise<Response> {
  const requestId = newRequestId();
  return withRequestIdHeader(await withRequestId(requestId, () => answer(request)), requestId);
}

async function answer(request: Request): Promise<Response> {
  if (!serverConfig().embedded) return errorResponse(new ServiceError('NOT_FOUND', 'Not found.'));
  let service;
  try {
    service = await getEmbeddedService();
  } catch (error) {
    // The store could not open (e.g. SERVICE_DATABASE_URL unreachable): the next request retries.
    logger().error({ scope: 'service', err: error }, 'could not start the embedded service');
    return errorResponse(
      new ServiceError('INTERNAL_ERROR', 'The service is starting or unavailable; please retry later.'),
    );
  }
  // The IP limit keys on the socket's peer (X-Forwarded-For only from a TRUSTED_PROXY), so a caller
  // cannot pick a fresh bucket by writing the header itself.
  return service.handle(request, { clientIp: clientAddress(request, serverConfig().trustedProxies) ?? 'unknown' });
}

export { serve as GET, serve as HEAD, serve as POST, serve as PUT, serve as PATCH, serve as DELETE, serve as OPTIONS };
