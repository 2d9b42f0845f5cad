import Papa from 'papaparse';

// Finds figures a person without costs and profit could work out although their answer leaves
// them out: a number they see that equals a number they see plus one they do not (to the cent).
// What they do not see comes from the owner's answer for the same view: every number the owner
// got that the viewer's answer lacks. Imports nothing from lib/, so it judges the server from outside.
//
// Numbers are compared within a record (an object, a CSV row) and its child objects: a refund
// day's value against its own parts, an order line's figures against its own groups. A hidden
// group's sum counts as one hidden number too (fees of one day, summed). Across views, each
// view's range-level records (objects outside any list: totals, KPIs) are compared with each
// other's, in cents, so the overview's refunds cannot be the refunds page's visible parts plus
// its hidden fees.

type Json = unknown;

/** Keys whose numbers are not money (counts, ratios, days, ids, times): never compared. */
const NOT_MONEY =
  /^(orders?|lines?|.*Lines|.*Count|count|quantity|units|.*Units|page|limit|totalPages|days.*|.*Days|date|.*Time|.*At|asOf|.*Id|id|.*Number|margin|.*Share|.*Ratio|rate|change|change.*|version|.*Percent|low|high|method)$/i;
/** Subtrees that hold no figure of the seller's money (the frame of a view). */
const FRAME = new Set(['pagination', 'coverage', 'sync', 'range', 'previousRange', 'shop', 'rates', 'frame']);
/**
 * Left out but not secret: the buyer's shipping fee is a part of GMV (what the buyer paid, not a
 * cost of the seller's), and GMV with its other parts is a sales figure the person sees, so GMV
 * minus those parts gives it by design. It is left out only because its name says "fee".
 */
const PART_OF_GMV = new Set(['shippingFee', 'GMV: shipping fee']);

/** A number with the name of what it is (a key, or a group's sum). */
interface Figure {
  name: string;
  value: number;
}

interface Node {
  /** The path with list positions as [] (every row of a table has the same shape). */
  shape: string;
  path: string;
  inList: boolean;
  visible: Figure[];
  /** One figure per hidden key: a number, a group's `total`, or the sum of a group's numbers. */
  hidden: Figure[];
  children: Node[];
}

function numberOf(value: Json): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) && value.length < 16) return Number(value);
  return null;
}

function isObject(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Every money number under `value`. */
function moneyLeaves(value: Json, key = ''): number[] {
  if (FRAME.has(key)) return [];
  if (Array.isArray(value)) return value.flatMap((v) => moneyLeaves(v));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => moneyLeaves(v, k));
  const n = numberOf(value);
  return n === null || NOT_MONEY.test(key) ? [] : [n];
}

/**
 * A record under a key that is not money holds none: the overview's `kpis.orders` and `kpis.margin`
 * ({ value, previous, change }) are a count and a ratio, and compared in cents a small count would
 * equal another plus a ratio by chance. (A list under such a key, the orders, is money.)
 */
const notMoneyRecord = (key: string, value: Json) => isObject(value) && NOT_MONEY.test(key);

/** A hidden key's figure: the number, the group's total, or the sum of its numbers. */
function hiddenFigure(key: string, value: Json): Figure | null {
  if (notMoneyRecord(key, value)) return null;
  if (isObject(value) && 'total' in value && numberOf(value.total) !== null)
    return { name: key, value: numberOf(value.total)! };
  const leaves = moneyLeaves(value, key);
  return leaves.length > 0 ? { name: key, value: sum(leaves) } : null;
}

/** The records of the owner's and the viewer's answers side by side (the viewer's has fewer keys). */
function nodesOf(
  owner: Json,
  viewer: Json,
  at: { path: string; shape: string; inList: boolean; notMoney?: boolean },
  out: Node[],
) {
  if (Array.isArray(owner) && Array.isArray(viewer)) {
    owner.forEach((o, i) =>
      nodesOf(o, viewer[i], { path: `${at.path}[${i}]`, shape: `${at.shape}[]`, inList: true }, out),
    );
    return null;
  }
  if (!isObject(owner) || !isObject(viewer)) return null;
  const { notMoney = false, ...where } = at;
  const node: Node = { ...where, visible: [], hidden: [], children: [] };
  for (const [key, o] of Object.entries(owner)) {
    if (FRAME.has(key) || PART_OF_GMV.has(key)) continue;
    if (!(key in viewer)) {
      const figure = hiddenFigure(key, o);
      if (figure) node.hidden.push(figure);
      continue;
    }
    const v = viewer[key];
    const n = numberOf(v);
    if (n !== null && !notMoney && !NOT_MONEY.test(key)) node.visible.push({ name: key, value: n });
    const child = nodesOf(
      o,
      v,
      {
        path: `${at.path}.${key}`,
        shape: `${at.shape}.${key}`,
        inList: at.inList,
        notMoney: notMoney || notMoneyRecord(key, o),
      },
      out,
    );
    if (child) node.children.push(child);
  }
  out.push(node);
  return node;
}

interface Candidates {
  /** What the record shows (v), what may be added (a, 0 included) and what it hides (h ≠ 0), in cents. */
  shown: Figure[];
  addends: Figure[];
  hidden: Figure[];
}

/** A record with its child objects: a refund day and its parts, an order line and its groups. */
function candidates(node: Node, centsPerUnit: number): Candidates {
  const family = [node, ...node.children];
  const cents = (f: Figure): Figure => ({ name: f.name, value: Math.round(f.value * centsPerUnit * 1000) / 1000 });
  const shown = family.flatMap((n) => n.visible).map(cents);
  const groupSums = (pick: (n: Node) => Figure[], label: string) =>
    family
      .filter((n) => pick(n).length > 1)
      .map((n) => cents({ name: `${label}(${n.shape})`, value: sum(pick(n).map((f) => f.value)) }));
  const hidden = [...family.flatMap((n) => n.hidden).map(cents), ...groupSums((n) => n.hidden, 'Σhidden')];
  const allHidden = family.flatMap((n) => n.hidden);
  if (allHidden.length > 1 && family.some((n) => n.hidden.length > 0 && n.hidden.length < allHidden.length))
    hidden.push(cents({ name: 'Σhidden', value: sum(allHidden.map((f) => f.value)) }));
  return {
    shown,
    addends: [{ name: '0', value: 0 }, ...shown, ...groupSums((n) => n.visible, 'Σvisible')],
    hidden: hidden.filter((h) => Math.abs(h.value) >= 0.5),
  };
}

export interface Answer {
  /** e.g. "refunds": names the view in a finding. */
  view: string;
  owner: Json;
  viewer: Json;
  /** How many cents one unit of the answer's money is: 100 for major units, 1 for cents. */
  centsPerUnit: number;
}

export interface Leak {
  view: string;
  /** Where, and the relation: "shown = visible + hidden" by names. */
  where: string;
  relation: string;
  /** For a table: on how many of its rows it holds, of those where the hidden figure is not 0. */
  rows?: string;
}

function relations(c: Candidates, from: Candidates = c): { relation: string; holds: boolean }[] {
  const out: { relation: string; holds: boolean }[] = [];
  for (const v of c.shown)
    for (const a of from.addends)
      for (const h of from.hidden) {
        if (a.name === v.name && from === c) continue;
        out.push({
          relation: `${v.name} = ${a.name} + ${h.name}`,
          holds: Math.abs(v.value - (a.value + h.value)) < 0.5,
        });
      }
  return out;
}

/**
 * Every leak of `answers`. A range-level record (outside any list) leaks when one relation holds;
 * a table's rows leak when a relation holds on at least two rows and on half of those where its
 * hidden figure is not 0: a structure, not the coincidence of two small amounts on one line. The
 * range-level records of all the views are also compared with one another, in cents.
 */
export function findLeaks(answers: readonly Answer[]): Leak[] {
  const leaks: Leak[] = [];
  const summaries: { view: string; path: string; c: Candidates }[] = [];
  for (const answer of answers) {
    const nodes: Node[] = [];
    nodesOf(answer.owner, answer.viewer, { path: '$', shape: '$', inList: false }, nodes);
    const tally = new Map<string, { holds: number; of: number }>();
    for (const node of nodes) {
      const c = candidates(node, answer.centsPerUnit);
      if (!node.inList) {
        summaries.push({ view: answer.view, path: node.path, c });
        for (const r of relations(c))
          if (r.holds) leaks.push({ view: answer.view, where: node.path, relation: r.relation });
        continue;
      }
      for (const r of relations(c)) {
        const key = `${node.shape} ${r.relation}`;
        const t = tally.get(key) ?? { holds: 0, of: 0 };
        t.of += 1;
        if (r.holds) t.holds += 1;
        tally.set(key, t);
      }
    }
    for (const [key, t] of tally)
      if (t.holds >= 2 && t.holds * 2 >= t.of) {
        const [where, ...relation] = key.split(' ');
        leaks.push({ view: answer.view, where: where!, relation: relation.join(' '), rows: `${t.holds} of ${t.of}` });
      }
  }
  for (const from of summaries)
    for (const to of summaries) {
      if (from === to || from.c.hidden.length === 0) continue;
      for (const r of relations(to.c, from.c))
        if (r.holds)
          leaks.push({ view: `${to.view} by ${from.view}`, where: `${to.path} by ${from.path}`, relation: r.relation });
    }
  return leaks;
}

/** A CSV export as JSON rows (a list of records), the header's names as keys. */
export function csvRecords(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}

// ---- Orderings ----
//
// A list can give a hidden figure away without a single number of it: the overview's top and
// bottom SKUs, left with their sales only, were still chosen and ordered by net profit. Two checks:
// a list the person gets that runs strictly in the order of a hidden figure of its rows (the
// owner's same rows) while no figure they see runs so; and, in the property test, the person's
// answers compared under two sets of the seller's costs (which move profit, never sales).

/** Every number of a record, one level of child objects flattened ("figures.netSales"); strings too, for the visible side. */
function flat(record: Record<string, Json>, prefix = ''): Map<string, number | string> {
  const out = new Map<string, number | string>();
  for (const [key, value] of Object.entries(record)) {
    if (FRAME.has(key)) continue;
    const name = `${prefix}${key}`;
    if (isObject(value) && prefix === '') {
      if ('total' in value && numberOf(value.total) !== null) out.set(name, numberOf(value.total)!);
      for (const [k, v] of flat(value, `${name}.`)) out.set(k, v);
      continue;
    }
    const n = numberOf(value);
    if (n !== null) out.set(name, n);
    else if (typeof value === 'string') out.set(name, value);
  }
  return out;
}

/** Kendall's tau of the list's positions against the values (pairs of equal values count for neither side). */
function tau(values: readonly (number | string)[]): number {
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) {
      if (values[i] === values[j]) continue;
      if (values[i]! < values[j]!) concordant++;
      else discordant++;
    }
  const pairs = (values.length * (values.length - 1)) / 2;
  return (concordant - discordant) / pairs;
}

/** Lists at least this long are judged: a shorter list is monotone in something by chance too often. */
const MIN_RANKED_ROWS = 4;

/**
 * Lists of `answer`'s viewer side that are ordered by a hidden figure: strictly monotone in a
 * figure of the owner's same rows that the viewer's rows lack, while none of the figures (or
 * names, days, times) the viewer's rows keep is monotone too, so nothing they see explains the
 * order. Lists of one shape within a list (every order's product lines) leak when two of them or
 * more, and half of them or more, run so: a structure rather than the chance order of a few lines
 * (four lines run in the order of a given figure one time in twelve, so with two such orders in a
 * range one of them often does).
 */
export function orderingLeaks(answer: Answer): Leak[] {
  const tally = new Map<string, { lists: number; by: Map<string, number> }>();
  const walk = (owner: Json, viewer: Json, shape: string) => {
    if (Array.isArray(owner) && Array.isArray(viewer)) {
      const rows = owner.length === viewer.length && owner.every(isObject) && viewer.every(isObject);
      if (rows && viewer.length >= MIN_RANKED_ROWS) {
        const t = tally.get(shape) ?? { lists: 0, by: new Map<string, number>() };
        tally.set(shape, t);
        t.lists += 1;
        const own = (owner as Record<string, Json>[]).map((r) => flat(r));
        const seen = (viewer as Record<string, Json>[]).map((r) => flat(r));
        const explained = [...seen[0]!.keys()].some((k) => {
          const values = seen.map((r) => r.get(k));
          return values.every((v) => v !== undefined) && Math.abs(tau(values as (number | string)[])) === 1;
        });
        for (const key of own[0]!.keys()) {
          if (explained || seen[0]!.has(key) || !own.every((r) => typeof r.get(key) === 'number')) continue;
          const values = own.map((r) => r.get(key) as number);
          if (new Set(values).size === values.length && Math.abs(tau(values)) === 1)
            t.by.set(key, (t.by.get(key) ?? 0) + 1);
        }
      }
      owner.forEach((o, i) => walk(o, viewer[i], `${shape}[]`));
      return;
    }
    if (!isObject(owner) || !isObject(viewer)) return;
    for (const [key, o] of Object.entries(owner))
      if (key in viewer && !FRAME.has(key)) walk(o, viewer[key], `${shape}.${key}`);
  };
  walk(answer.owner, answer.viewer, '$');
  const leaks: Leak[] = [];
  for (const [shape, t] of tally)
    for (const [key, lists] of t.by)
      if (lists * 2 >= t.lists && (lists >= 2 || !shape.includes('[]')))
        leaks.push({
          view: answer.view,
          where: shape,
          relation: `ordered by ${key}`,
          rows: `${lists} of ${t.lists} lists`,
        });
  return leaks;
}

/**
 * An answer without what changes from one request to the next whatever the figures (the sync's
 * progress, coverage and read times, export times): two answers of one view under different
 * hidden inputs must then be equal.
 */
export function withoutFrame(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutFrame);
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value))
    if (!FRAME.has(key) && !/At$|^asOf$/.test(key)) out[key] = withoutFrame(v);
  return out;
}
