import { request } from 'node:http';
import type { Person, View } from '../people';

// Talking to the dashboard through the balancer as people do: signing in (each person from an
// address of their own on the loopback network, as people come from their own addresses), the
// API's answers, and the first sync of the shops the people browse.

export interface Shop {
  id: string;
  shopName: string;
  timezone: string;
}

export interface Dashboard {
  base: string;
  /** The answer's `data`; throws on any status but 200/202. */
  get(path: string, cookie: string, origin?: string): Promise<unknown>;
  post(path: string, body: unknown, cookie: string, origin?: string): Promise<unknown>;
  shops(cookie: string): Promise<Shop[]>;
}

async function data(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

/** The dashboard at `base`; `origin` sends a request to one instance directly (its own origin). */
export function dashboard(base: string): Dashboard {
  const site: Dashboard = {
    base,
    get: async (path, cookie, origin = base) =>
      data(await fetch(origin + path, { headers: { cookie, origin } }), `GET ${path}`),
    post: async (path, body, cookie, origin = base) =>
      data(
        await fetch(origin + path, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        `POST ${path}`,
      ),
    shops: async (cookie) => ((await site.get('/api/dashboard/shops', cookie)) as { items: Shop[] }).items,
  };
  return site;
}

/** Person i's own address on the loopback network (127.0.1.2, 127.0.1.3, …). */
const addressOf = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;

/** A sign-in sent from `localAddress`: its status and the session cookie it set. */
function signInFrom(
  base: string,
  credentials: { email: string; password: string },
  localAddress: string,
  tag: string,
): Promise<{ status: number; cookie: string }> {
  const url = new URL(`/api/dashboard/session?${tag}`, base);
  const body = JSON.stringify(credentials);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { origin: base, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const set = res.headers['set-cookie']?.[0] ?? '';
          resolve({ status: res.statusCode ?? 0, cookie: set.split(';')[0] ?? '' });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * TRUSTED_PROXY at work: nginx names the client in X-Forwarded-For, so the sign-in throttle counts
 * each client on its own. Five wrong passwords from one address, and its sixth try is refused
 * (429) while the next address still signs in. Without it every person would share nginx's address
 * and one guesser would lock out everyone.
 */
export async function checkTrustedProxy(
  site: Dashboard,
  owner: { email: string; password: string },
): Promise<{ guesserRefused: boolean; otherSignedIn: boolean }> {
  const wrong = { email: owner.email, password: `${owner.password}-wrong` };
  const guesser = '127.0.0.250';
  for (let i = 0; i < 5; i++) await signInFrom(site.base, wrong, guesser, 'check=guess');
  const sixth = await signInFrom(site.base, owner, guesser, 'check=guess');
  const other = await signInFrom(site.base, owner, '127.0.0.251', 'check=other');
  const result = { guesserRefused: sixth.status === 429, otherSignedIn: other.status === 200 };
  console.log(
    `TRUSTED_PROXY: after 5 wrong passwords from ${guesser} its right one is ${sixth.status === 429 ? 'refused (429)' : `answered ${sixth.status}`}; ` +
      `another client's sign-in: ${other.status}. ${result.guesserRefused && result.otherSignedIn ? 'Each client is counted on its own.' : 'NOT AS EXPECTED.'}`,
  );
  return result;
}

/** `n` people, each with a session of their own (the owner's account), 8 sign-ins at a time. */
export async function signInPeople(
  site: Dashboard,
  owner: { email: string; password: string },
  n: number,
): Promise<Person[]> {
  const people: Person[] = new Array<Person>(n);
  const started = Date.now();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) {
      const answer = await signInFrom(site.base, owner, addressOf(i), `person=${i}`);
      if (answer.status !== 200 || !answer.cookie) throw new Error(`sign-in ${i} answered ${answer.status}`);
      people[i] = { cookie: answer.cookie };
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  console.log(
    `${n} people signed in, each from an address of their own, in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  return people;
}

/** The shops' last 30 days and the 30 before (the overview compares), stored before anyone browses. */
export async function syncStored(site: Dashboard, cookie: string, shops: readonly Shop[]): Promise<void> {
  console.log(`Syncing the last 30 days and the 30 before of ${shops.map((s) => s.shopName).join(', ')} (not timed)…`);
  const started = Date.now();
  for (const shop of shops) {
    const api = `/api/dashboard/shops/${encodeURIComponent(shop.id)}/sync`;
    await site.post(`${api}?compare=1`, { range: 'last-30-days' }, cookie);
    for (;;) {
      const status = (await site.get(`${api}?range=last-30-days`, cookie)) as {
        sync: { running: boolean };
        coverage: { complete: boolean };
      };
      if (status.coverage.complete && !status.sync.running) break;
      if (Date.now() - started > 15 * 60_000) throw new Error('the first sync took over 15 minutes');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

/**
 * Each view of each shop asked twice of every instance directly before the people come (not
 * timed): a freshly started server compiles each route on its first request, which a person of a
 * deployment that has been serving for a while never waits for.
 */
export async function warmUp(
  instances: readonly { address: string }[],
  views: readonly View[],
  shops: readonly Shop[],
  cookie: string,
): Promise<void> {
  for (const instance of instances)
    for (let round = 0; round < 2; round++)
      for (const view of views)
        for (const shop of shops) {
          const origin = `http://${instance.address}`;
          await (await fetch(origin + view.path(shop.id), { headers: { cookie, origin }, redirect: 'manual' })).text();
        }
}
