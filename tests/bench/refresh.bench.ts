// `npm run bench:refresh`: how far one app key's 60 requests a minute go in keeping many shops'
// today fresh, under the refresh policy (lib/sync/refresh). A simulated clock, one second a step,
// three simulated hours after a 30-minute warm-up, for 10, 50 and 200 shops on one key, and 200
// shops spread over 4 keys (connections: each key its own budget, at most maxConcurrent refreshes
// at once per key, lib/sync/refresh's `startable`).
//
// What is real: the policy's decisions (dueTasks, its targets, its concurrency and back-off), and
// the request costs of the code paths it starts (SyncEngine): a refresh of today reads its orders
// pages (ceil(orders so far today / 100), at least 1) and its refunds (1); yesterday is read once
// more after midnight's grace; the unsettled check is 2 counts, plus for each day on which orders
// settled about 2·log2(60) counts of the halving and that day's pages; reconciliation is 6 counts a
// day. What is modelled: shops' sizes (orders a day, log-normal: median 60, a few at 1,500+), their
// orders arriving over the day, orders of one past day settling in a given hour with probability
// 1 - e^(-orders/day / 200), the budget as a sliding window of 60 requests a minute shared with
// people's clicks (2 a minute: what only the upstream answers), and which shops people look at
// (a tenth of them, at least 3, a new set every 20 minutes). Not part of `npm test`.
import { budgetOfShop } from '@/lib/connections/routing';
import { DEFAULT_TARGETS, dueTasks, startable, type RefreshTask, type ShopFreshness } from '@/lib/sync/refresh';
import { printTable } from './sync/stats';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const BUDGET_PER_MINUTE = 60;
const CLICKS_PER_MINUTE = 2;
const WARMUP = 30 * MINUTE;
const MEASURED = 3 * HOUR;
const TICK = 5 * SECOND;

/** A deterministic generator (mulberry32), so every run prints the same figures. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SimShop {
  id: string;
  ordersPerDay: number;
  todayReadAt: number | null;
  unsettledCheckedAt: number | null;
  reconciledAt: number | null;
  yesterdayDone: boolean;
}

interface Running {
  task: RefreshTask;
  requestsLeft: number;
  /** For a today refresh: when its today page was read (the data's "as of"). */
  readAt: number | null;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

function simulate(shopCount: number, keys = 1) {
  const rand = random(shopCount * 7919);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  // Shops of the first key keep their ids; another key's are `<8 hex>~<id>`, as the routed client names them.
  const prefixes = Array.from({ length: keys }, (_, k) => (k === 0 ? '' : `${String(k).padStart(8, '0')}~`));
  const shops: SimShop[] = Array.from({ length: shopCount }, (_, i) => ({
    id: `${prefixes[i % keys]}shop-${i}`,
    ordersPerDay: Math.max(3, Math.round(60 * Math.exp(1.1 * gauss()))),
    // The first sync read today at some point of the last quarter hour.
    todayReadAt: -rand() * 15 * MINUTE,
    unsettledCheckedAt: -rand() * HOUR,
    reconciledAt: -rand() * 24 * HOUR,
    yesterdayDone: true,
  }));
  const viewedCount = Math.max(3, Math.round(shopCount / 10));
  let viewed = new Set<string>();
  let viewedSince = 0;
  // Times of each key's requests (its own sliding window), by the key's budget name.
  const windows = new Map(prefixes.map((p) => [budgetOfShop(`${p}x`), [] as number[]]));
  const windowOf = (shopId: string) => windows.get(budgetOfShop(shopId))!;
  const running = new Map<string, Running>();
  const staleness = { viewed: [] as number[], other: [] as number[] };
  let requests = 0;
  let clicksDue = 0;
  let busiestMinute = 0;
  // "Midnight" falls inside the measured time: yesterday is read once more after its grace.
  const midnight = WARMUP + 70 * MINUTE;

  for (let now = 0; now < WARMUP + MEASURED; now += SECOND) {
    if (now % (20 * MINUTE) === 0) {
      viewed = new Set();
      viewedSince = now;
      while (viewed.size < viewedCount) viewed.add(shops[Math.floor(rand() * shopCount)]!.id);
    }
    if (now === midnight) for (const s of shops) s.yesterdayDone = false;
    for (const sent of windows.values()) while (sent.length > 0 && sent[0]! <= now - MINUTE) sent.shift();
    // People's clicks take their share of each key first (the scheduler's reserve).
    clicksDue += CLICKS_PER_MINUTE / 60;
    while (clicksDue >= 1) {
      for (const sent of windows.values()) if (sent.length < BUDGET_PER_MINUTE) sent.push(now);
      clicksDue -= 1;
    }
    // The policy decides every TICK.
    if (now % TICK === 0) {
      const state: ShopFreshness[] = shops.map((s) => ({
        shop: { id: s.id, timezone: 'UTC' },
        todayReadAt: s.todayReadAt,
        viewedAt: viewed.has(s.id) ? now : null,
        running: running.has(s.id),
        unsettledCheckedAt: s.unsettledCheckedAt,
        reconciledAt: s.reconciledAt,
        failures: 0,
        failedAt: null,
      }));
      for (const task of startable(dueTasks(state, now, DEFAULT_TARGETS), state, DEFAULT_TARGETS.maxConcurrent)) {
        const s = shops.find((x) => x.id === task.shop.id)!;
        const soFar = (s.ordersPerDay * (((now - midnight) % (24 * HOUR)) + 24 * HOUR)) / (24 * HOUR);
        let cost: number;
        if (task.kind === 'today') {
          cost = Math.max(1, Math.ceil((soFar % s.ordersPerDay) / 100)) + 1;
          if (!s.yesterdayDone && now >= midnight + DEFAULT_TARGETS.maxStaleMs) {
            cost += Math.max(1, Math.ceil(s.ordersPerDay / 100)) + 1;
            s.yesterdayDone = true;
          }
        } else if (task.kind === 'unsettled') {
          const settledSomeDay = rand() < 1 - Math.exp(-s.ordersPerDay / 200);
          cost = 2 + (settledSomeDay ? 2 * Math.ceil(Math.log2(60)) + Math.max(1, Math.ceil(s.ordersPerDay / 100)) : 0);
        } else cost = 6;
        running.set(s.id, { task, requestsLeft: cost, readAt: null });
      }
    }
    // Running refreshes send as the window allows (paced: a request a second at most per refresh).
    for (const [id, r] of running) {
      const sent = windowOf(id);
      if (sent.length >= BUDGET_PER_MINUTE) continue;
      sent.push(now);
      requests++;
      r.readAt ??= now;
      r.requestsLeft--;
      if (r.requestsLeft > 0) continue;
      running.delete(id);
      const s = shops.find((x) => x.id === id)!;
      if (r.task.kind === 'today') s.todayReadAt = r.readAt;
      else if (r.task.kind === 'unsettled') s.unsettledCheckedAt = now;
      else s.reconciledAt = now;
    }
    for (const sent of windows.values()) busiestMinute = Math.max(busiestMinute, sent.length);
    // A shop someone just opened shows what was stored (labelled with its time) until the policy's
    // next tick reads it: a viewed shop's staleness is counted from a minute after it was opened.
    if (now >= WARMUP && now % (10 * SECOND) === 0)
      for (const s of shops) {
        const age = (now - (s.todayReadAt ?? 0)) / MINUTE;
        if (!viewed.has(s.id)) staleness.other.push(age);
        else if (now - viewedSince >= MINUTE) staleness.viewed.push(age);
      }
  }
  const measuredRequests = requests * (MEASURED / (WARMUP + MEASURED));
  const perHour = measuredRequests / (MEASURED / HOUR);
  return {
    shopCount,
    perShopPerHour: perHour / shopCount,
    budgetUse: (perHour + keys * CLICKS_PER_MINUTE * 60) / (keys * BUDGET_PER_MINUTE * 60),
    busiestMinute,
    viewed: staleness.viewed,
    other: staleness.other,
  };
}

const fmt = (minutes: number) => `${minutes.toFixed(1)} min`;
const rows = (
  [
    [10, 1],
    [50, 1],
    [200, 1],
    [200, 4],
  ] as const
).map(([n, keys]) => {
  const r = simulate(n, keys);
  return [
    n,
    keys,
    r.perShopPerHour.toFixed(1),
    fmt(quantile(r.viewed, 0.5)),
    fmt(quantile(r.viewed, 0.95)),
    fmt(quantile(r.viewed, 1)),
    fmt(quantile(r.other, 0.5)),
    fmt(quantile(r.other, 0.95)),
    fmt(quantile(r.other, 1)),
    `${Math.round(r.budgetUse * 100)}%`,
    `${r.busiestMinute}/60`,
    0,
  ];
});
printTable(
  `bench:refresh — each key 60 requests/min (2 of them people's clicks), the refresh policy's targets: viewed shop ≤ ${DEFAULT_TARGETS.viewedMaxStaleMs / MINUTE} min, every shop ≤ ${DEFAULT_TARGETS.maxStaleMs / MINUTE} min; 3 simulated hours after a 30-minute warm-up, midnight inside them`,
  [
    'shops',
    'keys',
    'requests/shop/h',
    'viewed p50',
    'viewed p95',
    'viewed max',
    'others p50',
    'others p95',
    'others max',
    'budget used',
    'busiest 60 s (a key)',
    '429s',
  ],
  rows,
);
console.log(
  '\nTargets: 50 shops — every shop ≤ 15 min, a viewed shop ≤ 2 min, 0 × 429, ≤ 80% of the budget. 429s are 0 by construction: the scheduler never sends past the window (busiest 60 s ≤ 60).',
);
