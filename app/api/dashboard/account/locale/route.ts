import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { setOwnLocale } from '@/lib/server/actions/account';

export const dynamic = 'force-dynamic';

/** Sets the locale the signed-in person's figures are written in (docs/ARCHITECTURE.md#the-persons-locale). */
export const PUT = implement(PEOPLE_ENDPOINTS['PUT account/locale'], async ({ body }) =>
  setOwnLocale(servingPerson(), body.locale),
);
