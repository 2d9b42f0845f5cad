// Runs the vitest suite (or the files named) as if it were another moment: `npm run test:at --
// 2026-11-30T07:59:30Z [vitest arguments]`. Each test process starts at that instant (a file that
// runs a minute crosses it a minute later), so a test that holds only on some days of the month, or
// not across a shop's midnight, a month's end or a clock change, fails here rather than on the day
// CI happens to run. Instants worth a run: a shop zone's midnight (Los Angeles 08:00 UTC, Berlin
// 23:00 UTC), the 30th and 31st, 1 January, the days clocks change.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [at, ...rest] = process.argv.slice(2);
if (!at || !Number.isFinite(Date.parse(at))) {
  console.error('Usage: npm run test:at -- <ISO instant, e.g. 2026-11-30T07:59:30Z> [vitest arguments]');
  process.exit(2);
}
const preload = fileURLToPath(new URL('./clock-at.mjs', import.meta.url));
const result = spawnSync('npx', ['vitest', 'run', ...rest], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_CLOCK_AT: at,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
  },
});
process.exit(result.status ?? 1);
