import { serverConfig } from '@/lib/config/env';
import { getEmbeddedService } from '@/lib/service';
import { errorResponse, ServiceError } from '@/lib/service/errors';

// The embedded Reporting Service's mount point (DESIGN.md): every method goes to the handler,
// which answers 405 for anything but GET. With a real upstream configured it is switched off.

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The first hop of X-Forwarded-For (set by the proxy in front of the app), else X-Real-IP. */
function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

async function serve(request: Request): Promise<Response> {
  if (!serverConfig().embedded) {
    return errorResponse(new ServiceError('NOT_FOUND', 'Not found.'));
  }
  const service = await getEmbeddedService();
  return service.handle(request, { clientIp: clientIp(request.headers) });
}

export { serve as GET, serve as HEAD, serve as POST, serve as PUT, serve as PATCH, serve as DELETE, serve as OPTIONS };
