import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/**
 * Redis connections for the tests of one `describe` under a key prefix of their own (other tests
 * share the server): after them, every key under the prefix is deleted and each connection closed.
 * Call it inside the `describe`.
 */
export function redisUnderPrefix(url: string, name: string): { prefix: string; connect(): Redis } {
  const prefix = `test:${name}:${randomUUID()}`;
  const connections: Redis[] = [];
  afterAll(async () => {
    const [first] = connections;
    if (first) {
      const keys = await first.keys(`${prefix}:*`);
      if (keys.length > 0) await first.del(...keys);
    }
    for (const c of connections) c.disconnect();
  });
  return {
    prefix,
    connect() {
      const redis = new Redis(url);
      connections.push(redis);
      return redis;
    },
  };
}
