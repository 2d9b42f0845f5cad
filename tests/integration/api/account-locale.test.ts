import { beforeAll, describe, expect, it } from 'vitest';
import { getPerson } from '@/lib/team/people';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { body, cookieOf, freshIp, ORIGIN, postLogin, sendJson as send, type ErrorEnvelope } from './support';

// The person's locale through its route (docs/ARCHITECTURE.md#the-persons-locale), on both stores:
// chosen, read back on the account, stored with the person, put back to "As my browser" (null),
// and a locale we do not write refused in a sentence that changes nothing.

const { PUT: localeRoute } = await import('@/app/api/dashboard/account/locale/route');
const { GET: accountRoute } = await import('@/app/api/dashboard/account/route');

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'account locale (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 20, postgres });
    let owner = '';

    beforeAll(async () => {
      owner = cookieOf(await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example'));
    });

    const account = async () =>
      (
        await body<{ data: { id: string; locale: string | null } }>(
          await send(accountRoute, '/api/dashboard/account', owner),
        )
      ).data;

    it('starts as the browser asks, keeps a choice, and goes back to the browser', async () => {
      expect((await account()).locale).toBeNull();
      const chosen = await send(localeRoute, '/api/dashboard/account/locale', owner, {
        method: 'PUT',
        body: { locale: 'de-DE' },
      });
      expect(chosen.status).toBe(200);
      expect((await body<{ data: { locale: string } }>(chosen)).data.locale).toBe('de-DE');
      const { id, locale } = await account();
      expect(locale).toBe('de-DE');
      expect((await getPerson(fixture.store.db, id))!.locale).toBe('de-DE');

      const back = await send(localeRoute, '/api/dashboard/account/locale', owner, {
        method: 'PUT',
        body: { locale: null },
      });
      expect(back.status).toBe(200);
      expect((await account()).locale).toBeNull();
    });

    it('refuses a locale it does not write, naming the field, and keeps the choice', async () => {
      await send(localeRoute, '/api/dashboard/account/locale', owner, { method: 'PUT', body: { locale: 'en-GB' } });
      const refused = await send(localeRoute, '/api/dashboard/account/locale', owner, {
        method: 'PUT',
        body: { locale: 'xx-YY' },
      });
      expect(refused.status).toBe(400);
      expect((await body<ErrorEnvelope>(refused)).error.message).toMatch(/locale/);
      expect((await account()).locale).toBe('en-GB');
    });
  },
);
