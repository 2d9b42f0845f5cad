import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

// The server's one logger (pino): JSON lines on stdout, one per event, with the request id of the
// request being served on every line it causes. Levels from LOG_LEVEL (default info; `silent`
// turns it off). `npm run dev` pretty-prints through pino-pretty. Secrets never reach a line:
// values under known secret keys are censored by pino's redact, and every message and error text
// passes through the configured redactor (the dashboard's secrets, whatever their form) first.
//
// Not marked 'server-only': the startup checks and `npm run service` run outside Next.js too;
// dependency-cruiser keeps it out of browser code.

interface RequestContext {
  requestId: string;
  /** The signed-in person the request is served for, once known (logs and the costs audit name them). */
  actor?: { id: string; name: string };
}

const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` as the handling of one request: every line it logs carries `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requests.run({ requestId }, fn);
}

/** Names the person the current request is served for. */
export function setRequestActor(actor: { id: string; name: string }): void {
  const context = requests.getStore();
  if (context) context.actor = actor;
}

/** The person the current request is served for, or undefined (no request, or not signed in). */
export function currentActor(): { id: string; name: string } | undefined {
  return requests.getStore()?.actor;
}

type Redactor = (text: string) => string;
let redactText: Redactor = (text) => text;

/** Secrets known only once opened (the stored connections' keys and secrets), redacted like the configured ones. */
const openedSecrets = new Set<string>();

/** Adds an opened secret to what no log line or answer may carry (lib/connections, when it opens one). */
export function redactAlso(value: string): void {
  if (value.length >= 6) openedSecrets.add(value);
}

/** The opened secrets, longest first (lib/server/redact). */
export function openedSecretValues(): string[] {
  return [...openedSecrets].sort((a, b) => b.length - a.length);
}

/** Installs the redactor every message and error text goes through (lib/server/redact). */
export function setLogRedactor(redactor: Redactor): void {
  redactText = redactor;
}

const SECRET_KEYS = [
  'appSecret',
  'appKey',
  'password',
  'secret',
  'sessionSecret',
  'secretsKey',
  'authorization',
  'cookie',
];

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info');
  const pretty = process.env.NODE_ENV === 'development' && process.env.LOG_FORMAT !== 'json';
  return pino({
    level,
    base: { service: 'shop-profit-dashboard' },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    redact: {
      paths: [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'headers["x-app-secret"]', 'headers["x-app-key"]'],
      censor: '[redacted]',
    },
    mixin: () => {
      const context = requests.getStore();
      if (!context) return {};
      return context.actor
        ? { requestId: context.requestId, personId: context.actor.id }
        : { requestId: context.requestId };
    },
    hooks: {
      // Messages may carry an upstream's words (an error body, a URL): they go through the redactor.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>);
      },
    },
    serializers: {
      err: (error: unknown) => {
        if (!(error instanceof Error)) return { message: redactText(String(error)) };
        const code = (error as { code?: unknown }).code;
        return {
          type: error.name,
          message: redactText(error.message),
          ...(typeof code === 'string' ? { code } : {}),
          ...(error.stack ? { stack: redactText(error.stack) } : {}),
        };
      },
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,service' } } }
      : {}),
  });
}

const holder = globalThis as typeof globalThis & { __spdLogger?: Logger };

/** The process's logger (kept on globalThis: Next gives each route bundle its own module copy). */
export function logger(): Logger {
  holder.__spdLogger ??= createLogger();
  return holder.__spdLogger;
}

/** A warning of `scope` ("sync", "orders", …) about `error`, its text redacted. */
export function logWarning(scope: string, message: string, error?: unknown): void {
  logger().warn({ scope, ...(error === undefined ? {} : { err: error }) }, message);
}
