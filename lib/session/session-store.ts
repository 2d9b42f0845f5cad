import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';
import { serverConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';

// The sessions that are signed in, by id. A sealed cookie alone cannot be revoked (a copy stays
// valid for its whole 7 days), so each seal carries a session id and the id must also be listed
// here: sign-out deletes it, and every copy of that cookie stops working at once.
//
// With REDIS_URL the list is shared by every instance and survives restarts. Without it, the list
// lives in this process: a restart signs everyone out (they sign in again), which is the safe side:
// a list of revoked ids kept in memory would forget them on restart and revive copied cookies.

export interface SessionStore {
  add(id: string, ttlSeconds: number): Promise<void>;
  has(id: string): Promise<boolean>;
  remove(id: string): Promise<void>;
}

export function newSessionId(): string {
  return randomUUID();
}

export class MemorySessionStore implements SessionStore {
  private readonly ids = boundedCache<string, true>('memorySessions', { size: () => ENTRY_BYTES.session, owned: true });
  async add(id: string, ttlSeconds: number) {
    this.ids.set(id, true, { ttl: ttlSeconds * 1000 });
  }
  async has(id: string) {
    return this.ids.get(id) === true;
  }
  async remove(id: string) {
    this.ids.delete(id);
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'spd:session',
  ) {}
  async add(id: string, ttlSeconds: number) {
    await this.redis.set(`${this.prefix}:${id}`, '1', 'EX', ttlSeconds);
  }
  async has(id: string) {
    return (await this.redis.exists(`${this.prefix}:${id}`)) === 1;
  }
  async remove(id: string) {
    await this.redis.del(`${this.prefix}:${id}`);
  }
}

const globalKey = Symbol.for('spd.sessionStore');
type Holder = { [globalKey]?: SessionStore };

/** The process's session list: Redis when REDIS_URL is set, in memory otherwise. */
export function sessionStore(): SessionStore {
  const holder = globalThis as Holder;
  if (!holder[globalKey]) {
    const { redisUrl } = serverConfig();
    // During an outage a command fails fast (lib/redis): a request then gets 503 STORE_UNAVAILABLE, not a long hang.
    holder[globalKey] = redisUrl ? new RedisSessionStore(sharedRedis(redisUrl)) : new MemorySessionStore();
  }
  return holder[globalKey];
}

/** For tests: use `store` until called again with undefined. */
export function setSessionStoreForTests(store: SessionStore | undefined): void {
  (globalThis as Holder)[globalKey] = store;
}
