// How a serving process runs within MEMORY_BUDGET_MB (README, "Settings"; docs/benchmarks.md, "Where
// the memory goes"). Without flags V8 sizes its heap for the machine, not for the budget: on a 24 GB
// machine a 4.3 GB heap limit and 64 MB semi-spaces (a 134 MB young generation), so a busy instance
// grows to whatever garbage it can afford before it collects. glibc's malloc gives each thread that
// allocates (libuv's pool, the SQLite and zlib work on it) an arena of its own, up to 8 per core.
// Every way the dashboard is served (`npm start`, the browser tests' server, the benches, deploy/)
// starts Node with these, so what is measured is what runs.

const REFERENCE_BUDGET_MB = 512;
const MIN_BUDGET_MB = 256;

/** MEMORY_BUDGET_MB as lib/config reads it (an invalid value stops the server there, with a sentence). */
function budgetMb(env) {
  const value = Number(env.MEMORY_BUDGET_MB);
  return Number.isInteger(value) && value >= MIN_BUDGET_MB ? value : REFERENCE_BUDGET_MB;
}

/**
 * Node's flags for the budget: the young generation a 32nd of it per semi-space (16 MB at 512: the
 * scavenges stay short and frequent), the old generation at most 60 % of it (the rest is native: the
 * SQLite page caches and maps that lib/config/cache-limits sizes, buffers, code, the binary), but
 * never under 192 MB (the server's own code and state take about 100 MB of heap at rest).
 */
export function serverNodeFlags(env = process.env) {
  const budget = budgetMb(env);
  const semiSpace = Math.min(64, Math.max(4, Math.round(budget / 32)));
  const oldSpace = Math.max(192, Math.round(budget * 0.6));
  return [`--max-semi-space-size=${semiSpace}`, `--max-old-space-size=${oldSpace}`];
}

/** The serving process's environment: `env` with malloc held to two arenas unless it says otherwise. */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2' };
}
