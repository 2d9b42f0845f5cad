import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Person } from '@/lib/team/people';
import { getSession } from './session';

// Whose request is being served: the route wrapper runs each handler as its signed-in person, and
// server components read the person of their request's cookie. Loaders ask here which shops and
// figures they may answer with (docs/ARCHITECTURE.md#team-access).

const people = new AsyncLocalStorage<Person>();

/** Runs `fn` as `person`: every loader it calls answers only what that person may see. */
export function runAs<T>(person: Person, fn: () => T): T {
  return people.run(person, fn);
}

/**
 * The person being served. 'system' outside any request (the sync, scripts, benches): they serve
 * no person and see everything. null: a request with no signed-in person (sees nothing).
 */
export async function currentPerson(): Promise<Person | 'system' | null> {
  const person = people.getStore();
  if (person) return person;
  try {
    return (await getSession())?.person ?? null;
  } catch (error) {
    // next/headers outside a request scope: not serving anyone.
    if (error instanceof Error && /outside a request scope|request scope/i.test(error.message)) return 'system';
    throw error;
  }
}

/** The person the route wrapper is serving right now (synchronous; undefined outside a route). */
export function servedPerson(): Person | undefined {
  return people.getStore();
}
