import 'server-only';
import { readFileSync } from 'node:fs';
import { serverConfig } from '@/lib/config/env';
import { ensureDemoData } from './demo';
import { createServiceHandler, type ServiceAnswerer, type ServiceHandler } from './handler';
import { createServiceStore } from './store';

// The embedded service as one process-wide object: its store (SQLite under DATA_DIR, or
// SERVICE_DATABASE_URL), the demo data (generated once when the store is empty) and the handler.

export type { RequestContext, ServiceAnswerer, ServiceHandler, ServiceRequest } from './handler';

export interface EmbeddedServiceOptions {
  /** postgres://… or null for SQLite. */
  url?: string | null;
  /** The SQLite file when there is no URL (default `<DATA_DIR>/service.db`). */
  sqliteFile?: string;
  ratePerMinute: number;
  ipRatePerMinute: number;
  /** Overrides the documented demo secret of `demo-app-key`. */
  demoAppSecret?: string;
  /** Overrides the documented secret of `other-app-key`. */
  otherAppSecret?: string;
  /** The clock orders settle by (default Date.now). */
  now?: () => number;
}

export interface EmbeddedService extends ServiceAnswerer {
  close(): Promise<void>;
}

export async function createEmbeddedService(options: EmbeddedServiceOptions): Promise<EmbeddedService> {
  const store = await createServiceStore({
    url: options.url ?? null,
    sqliteFile: options.sqliteFile,
    now: options.now,
  });
  try {
    await ensureDemoData(store, { demoAppSecret: options.demoAppSecret, otherAppSecret: options.otherAppSecret });
  } catch (error) {
    await store.close();
    throw error;
  }
  const handler = createServiceHandler({
    store,
    ratePerMinute: options.ratePerMinute,
    ipRatePerMinute: options.ipRatePerMinute,
  });
  return { handle: handler.handle, answer: handler.answer, close: () => store.close() };
}

/**
 * SERVICE_SETTLE_CLOCK_FILE (demos and browser tests): orders settle by the real clock plus the
 * milliseconds written in that file (read at most once a second; no file or no number: + 0), so a
 * walk can watch orders settle without waiting three weeks. Only settlement follows it: no order
 * appears from the future.
 */
function settleClock(file: string | undefined): (() => number) | undefined {
  if (!file) return undefined;
  let read = { at: 0, offset: 0 };
  return () => {
    const now = Date.now();
    if (now - read.at >= 1_000) {
      let offset = 0;
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        // No file yet: the real clock.
      }
      read = { at: now, offset };
    }
    return now + read.offset;
  };
}

// Kept on globalThis because Next may evaluate this module more than once (per route bundle, and
// again on hot reload); one store and one set of rate-limit logs must serve them all.
const globalHolder = globalThis as typeof globalThis & { __embeddedReportingService?: Promise<EmbeddedService> };

/** The process's embedded service; concurrent first calls share one initialisation. */
export function getEmbeddedService(): Promise<ServiceHandler> {
  let service = globalHolder.__embeddedReportingService;
  if (!service) {
    const config = serverConfig();
    service = createEmbeddedService({
      url: config.serviceDatabaseUrl,
      ratePerMinute: config.service.ratePerMinute,
      ipRatePerMinute: config.service.ipRatePerMinute,
      demoAppSecret: process.env.SERVICE_DEMO_APP_SECRET || undefined,
      otherAppSecret: process.env.SERVICE_OTHER_APP_SECRET || undefined,
      now: settleClock(process.env.SERVICE_SETTLE_CLOCK_FILE || undefined),
    });
    globalHolder.__embeddedReportingService = service;
    // A failed start is not kept: the next request tries again (e.g. once the database is up).
    const failed = service;
    failed.catch(() => {
      if (globalHolder.__embeddedReportingService === failed) delete globalHolder.__embeddedReportingService;
    });
  }
  return service;
}
