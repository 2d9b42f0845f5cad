import { call, freshIp, ORIGIN } from '../api/support';

/**
 * A POST of `payload` to one of a month's books routes (close, reopen), as the Books page sends
 * it: signed in with `cookie`, from the dashboard's origin, from an address of its own.
 */
export const postToMonth = (
  handler: Parameters<typeof call>[0],
  shopId: string,
  month: string,
  cookie: string,
  payload: unknown,
) =>
  call(handler, `/api/dashboard/shops/${shopId}/books/months/${month}/x`, {
    method: 'POST',
    params: { shopId, month },
    cookie,
    ip: freshIp(),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
