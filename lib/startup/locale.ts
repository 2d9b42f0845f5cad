import { AsyncLocalStorage } from 'node:async_hooks';
import { installLocaleSource, type Locale } from '@/lib/format/locale';

// The server's source of the person's locale (docs/ARCHITECTURE.md#the-persons-locale): requests
// render at the same time, so the locale the provider enters belongs to that request's async
// context, never to the process. A render's later work (a suspended part resuming) continues in
// the context it was started from, so it keeps its request's locale.

export function installServerLocale(): void {
  const storage = new AsyncLocalStorage<Locale>();
  installLocaleSource({ get: () => storage.getStore(), enter: (locale) => storage.enterWith(locale) });
}
