import { shiftDay } from '../../support/oracle/recount';
import { pct, type Sample } from '../people';
import { printTable } from '../sync/stats';
import type { KillResult } from './kill-test';
import { servedBy, type LogLine } from './nginx-log';
import { readRaw, recount } from './recount';
import type { Dashboard } from './session';
import type { Instance } from './topology';

// What bench:scale prints: the machine and its load, each view's p50/p95/max and errors, each
// instance's share of the answers; the kill test's failed share during the switch, the sessions,
// the resumed sync and the recount; and whether each goal was met.

const STORED_GOAL_MS = 300;
const SWITCH_MS = 60_000;
const FAILED_SHARE_GOAL = 0.01;

export interface Machine {
  node: string;
  cores: number;
  cpu: string;
  started: Date;
  /** The 1-minute load average at the start, at each minute and at the end. */
  load: number[];
}

const failed = (s: Sample) => s.status !== 200;
const share = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(2)} %`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** Answers by view: count, p50/p95/max, the share read from the store, failures by status or code. */
function viewTable(title: string, samples: readonly Sample[]): { over: number; errors: number } {
  const byView = new Map<string, Sample[]>();
  for (const s of samples) byView.set(s.view.name, [...(byView.get(s.view.name) ?? []), s]);
  let over = 0;
  let errors = 0;
  const rows = [...byView].map(([name, list]) => {
    const ms = list.map((s) => s.ms);
    const bad = list.filter(failed);
    const sourced = list.filter((s) => s.source !== null);
    errors += bad.length;
    if (pct(ms, 95) > STORED_GOAL_MS) over++;
    return [
      name,
      list.length,
      pct(ms, 50).toFixed(0),
      pct(ms, 95).toFixed(0),
      Math.max(...ms).toFixed(0),
      sourced.length === 0 ? '—' : `${sourced.filter((s) => s.source === 'store').length}/${sourced.length}`,
      bad.length === 0 ? 0 : `${bad.length} (${[...new Set(bad.map((s) => s.code ?? s.status))].join(', ')})`,
    ];
  });
  printTable(title, ['view', 'requests', 'p50 ms', 'p95 ms', 'max ms', 'from the store', 'failed'], rows);
  return { over, errors };
}

function instanceShares(lines: readonly LogLine[], instances: readonly Instance[]): string {
  const { byInstance, retried } = servedBy(lines);
  const total = [...byInstance.values()].reduce((a, b) => a + b, 0);
  return (
    instances
      .map((i) => `${i.name} ${byInstance.get(i.address) ?? 0} (${share(byInstance.get(i.address) ?? 0, total)})`)
      .join(', ') + `; sent to the other instance after a failed try: ${retried}`
  );
}

export function printSteady(o: {
  machine: Machine;
  people: number;
  seconds: number;
  samples: readonly Sample[];
  log: readonly LogLine[];
  instances: readonly Instance[];
  from: number;
  to: number;
}): boolean {
  const steady = o.samples.filter((s) => s.at >= o.from && s.at < o.to);
  const { over, errors } = viewTable(
    `Steady: ${o.people} people, ${o.seconds} s, two instances behind nginx (PostgreSQL, Redis), the realistic mix`,
    steady,
  );
  const lines = o.log.filter((l) => l.at >= o.from / 1000 && l.at < o.to / 1000);
  const { byInstance } = servedBy(lines);
  const both = o.instances.every((i) => (byInstance.get(i.address) ?? 0) > 0);
  const load = o.machine.load;
  console.log(
    `\n${steady.length} answers in ${seconds(o.to - o.from)} (${(steady.length / ((o.to - o.from) / 1000)).toFixed(1)}/s); ` +
      `answered by (nginx's log): ${instanceShares(lines, o.instances)}.`,
  );
  console.log(
    `Load average (1 min) at the start, each minute and the end: ${load.map((l) => l.toFixed(1)).join(', ')} on ${o.machine.cores} cores.`,
  );
  console.log(
    `Targets (steady): errors ${errors} of ${steady.length} (goal 0); views with p95 over ${STORED_GOAL_MS} ms: ${over} (goal 0); both instances used: ${both ? 'yes' : 'NO'}.`,
  );
  return errors === 0 && over === 0 && both;
}

export async function printKill(o: {
  kill: KillResult;
  samples: readonly Sample[];
  log: readonly LogLine[];
  instances: readonly Instance[];
  oracle: string;
  site: Dashboard;
  cookie: string;
}): Promise<boolean> {
  const { kill } = o;
  const [victim, survivor] = o.instances as [Instance, Instance];
  const inSwitch = o.samples.filter((s) => s.at < kill.killAt + SWITCH_MS && s.at + s.ms > kill.killAt);
  viewTable(`The switch: requests in flight at the kill or sent in the ${seconds(SWITCH_MS)} after it`, inSwitch);
  const switchFailed = inSwitch.filter(failed).length;
  const phase = o.samples.filter((s) => s.at >= kill.askedAt);
  const afterKill = o.samples.filter((s) => s.at > kill.killAt);
  const unauthorized = afterKill.filter((s) => s.status === 401).length;
  const viaVictim = new Set(
    o.log
      .filter((l) => l.method === 'POST' && l.status === 200 && l.upstreams.at(-1) === victim.address)
      .map((l) => /[?&]person=(\d+)/.exec(l.path)?.[1])
      .filter((p): p is string => p !== undefined)
      .map(Number),
  );
  const carriedOn = new Set(afterKill.filter((s) => s.status === 200 && viaVictim.has(s.person)).map((s) => s.person));
  const retried = o.log.filter((l) => l.at >= kill.killAt / 1000 && l.upstreams.length > 1).length;
  console.log(
    `\nThe switch: ${switchFailed} of ${inSwitch.length} failed (${share(switchFailed, inSwitch.length)}; goal ≤ ${FAILED_SHARE_GOAL * 100} %); ` +
      `the whole kill phase (${seconds(kill.end - kill.askedAt)}): ${phase.filter(failed).length} of ${phase.length} failed; ` +
      `nginx sent ${retried} requests on to ${survivor.name} after a failed try at ${victim.name}.`,
  );
  console.log(
    `Sessions: ${viaVictim.size} people signed in through ${victim.name}; ${carriedOn.size} of them were served by ${survivor.name} after the kill ` +
      `without signing in again; answers 401 after the kill: ${unauthorized} (goal 0).`,
  );

  const r = kill.resume;
  const resumedIn = r.firstAt === null ? null : r.firstAt - kill.killAt;
  console.log(
    `The sync: ${victim.name} stored ${kill.storedByA} pages of the year before it died; ${survivor.name} ` +
      (resumedIn === null
        ? 'NEVER read a page of the same job'
        : `read the job's next page ${seconds(resumedIn)} after the kill and ${r.pagesRead} order pages after it`) +
      `; pages ${victim.name} had stored that ${survivor.name} asked for again: ${r.storedAgain.length}` +
      (r.storedAgain.length > 0 ? ` (${r.storedAgain.slice(0, 5).join('; ')})` : '') +
      `; the year stored ${kill.doneAt === null ? 'NOT within the time allowed' : `${seconds(kill.doneAt - kill.killAt)} after the kill`}` +
      `; jobs the shop's checkpoint held after the kill: the killed one${kill.jobsSeen.length > 1 ? ` and ${kill.jobsSeen.length - 1} later (today's refresh)` : ' only'}.`,
  );

  const yesterday = shiftDay(kill.today, -1);
  const settledTo = shiftDay(kill.today, -36);
  const raw = await readRaw(o.oracle, kill.shop, kill.range.from, yesterday);
  const counted = await recount(
    raw,
    { from: kill.range.from, to: yesterday },
    { from: kill.range.from, to: settledTo },
    (path) => o.site.get(path, o.cookie),
  );
  const holds = counted.dayMismatches.length === 0 && counted.skuMismatches.length === 0;
  console.log(
    `The recount (tests/support/oracle over the service's raw orders): ${counted.days} days, ${counted.orders} orders stored, ` +
      `days whose count differs: ${counted.dayMismatches.length}${counted.dayMismatches.length ? ` (${counted.dayMismatches.slice(0, 5).join('; ')})` : ''}; ` +
      `the SKU report of ${counted.skuRange.from} … ${counted.skuRange.to} (settled before the run) against the recount: ${counted.skus} SKUs, ` +
      `net profit ${(counted.netProfitCents / 100).toFixed(2)}, figures that differ: ${counted.skuMismatches.length}` +
      `${counted.skuMismatches.length ? ` (${counted.skuMismatches.slice(0, 5).join('; ')})` : ''}.`,
  );
  const switchOk = inSwitch.length > 0 && switchFailed / inSwitch.length <= FAILED_SHARE_GOAL;
  const resumed = resumedIn !== null && r.storedAgain.length === 0 && kill.doneAt !== null;
  console.log(
    `Targets (kill): failed during the switch ${share(switchFailed, inSwitch.length)} (goal ≤ 1 %): ${switchOk ? 'met' : 'NOT MET'}; ` +
      `sessions carried on: ${unauthorized === 0 && carriedOn.size > 0 ? 'yes' : 'NO'}; ` +
      `the sync resumed from its checkpoint and finished: ${resumed ? 'yes' : 'NO'}; the recount holds: ${holds ? 'yes' : 'NO'}.`,
  );
  return switchOk && unauthorized === 0 && carriedOn.size > 0 && resumed && holds;
}
