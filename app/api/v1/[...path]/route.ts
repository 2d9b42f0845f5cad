import { serverConfig } from '@/lib/config/env';
import { getEmbeddedService } from '@/lib/service';
import { errorResponse, ServiceError } from '@/lib/service/errors';

// The embedded Reporting Service's mount point (DESIGN.md): every method goes to the handler,
// which answers 405 for anything but GET. With a real upstream configured it is switched off.

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The first hop of X-Forwarded-For, else X-Real-IP. Next fills X-Forwarded-For with the socket's
 * address when the request has none; a client that sends its own can choose its IP bucket, so a
 * deployment that relies on the IP limit must sit behind a proxy that overwrites the header.
 */
function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

async function serve(request: Request): Promise<Response> {
  if (!serverConfig().embedded) return errorResponse(new ServiceError('NOT_FOUND', 'Not found.'));
  let service;
  try {
    service = await getEmbeddedService();
  } catch (error) {
    // The store could not open (e.g. SERVICE_DATABASE_URL unreachable): the next request retries.
    console.error('[service] could not start the embedded service:', error instanceof Error ? error.message : error);
    return errorResponse(new ServiceError('INTERNAL_ERROR', 'The service is starting or unavailable; please retry later.'));
  }
  return service.handle(request, { clientIp: clientIp(request.headers) });
}

export { serve as GET, serve as HEAD, serve as POST, serve as PUT, serve as PATCH, serve as DELETE, serve as OPTIONS };
