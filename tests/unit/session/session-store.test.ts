import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from '@/lib/session/session-store';

// Sign-out must end a session for every copy of its cookie: the id leaves the store.

async function exercise(a: SessionStore, b: SessionStore) {
  const id = `sid-${Math.random()}`;
  expect(await b.has(id)).toBe(false);
  await a.add(id, 60);
  expect(await b.has(id)).toBe(true);
  await b.remove(id);
  expect(await a.has(id)).toBe(false);
}

describe('session store', () => {
  it('in memory', async () => {
    const store = new MemorySessionStore();
    await exercise(store, store);
  });

  it('in memory, a session expires with its time to live', async () => {
    const store = new MemorySessionStore();
    await store.add('short', 0.05);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.has('short')).toBe(false);
  });

  const url = process.env.TEST_REDIS_URL;
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));
  it.skipIf(!url)('Redis: a sign-out on one instance ends the session on another', async () => {
    const prefix = `spd-test:session:${process.pid}`;
    const [one, two] = [0, 1].map(() => {
      const client = new Redis(url!);
      clients.push(client);
      return new RedisSessionStore(client, prefix);
    });
    await exercise(one!, two!);
  });
});
