import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from '../sync/stats';

// Where a production server's CPU time went: a V8 CPU profile (`node --cpu-prof`) summed by self
// time, each sample mapped through the build's source maps to the file and function it came from
// (the server bundle is minified). Self time answers "what is the CPU doing"; the same profile
// opened in Chrome DevTools shows the call trees.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(path: string): SourceMap | null {
  if (!maps.has(path)) {
    try {
      maps.set(path, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))));
    } catch {
      maps.set(path, null);
    }
  }
  return maps.get(path)!;
}

/** A readable place: the original file (relative to the repository, node_modules shortened) and function. */
function placeOf(frame: ProfileNode['callFrame'], root: string): { file: string; fn: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { file: name.startsWith('(') ? name : '(native)', fn: name };
  let path = frame.url;
  if (path.startsWith('file://')) path = fileURLToPath(path);
  let file = path.startsWith('/') ? relative(root, path) : path;
  let fn = name;
  const map = path.startsWith('/') ? sourceMapOf(path) : null;
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && 'originalSource' in entry && entry.originalSource) {
      file = entry.originalSource
        .replace(/^turbopack:\/\/\/\[project\]\//, '')
        .replace(/^file:\/\//, '')
        .replace(/^.*?\/node_modules\//, 'node_modules/')
        .replace(/^(\.\.\/)+(lib|app|components)\//, '$2/')
        .replace(/^(\.\.\/)+src\//, 'node_modules/next/src/')
        .replace(/^webpack:\/\/next\/\.\//, 'node_modules/next/');
      const named = (entry as { name?: string }).name;
      if (named) fn = named;
    }
  }
  file = file.replace(/^.*?node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, 'node_modules/');
  return { file, fn };
}

/** The area a file belongs to, for the first table. */
function areaOf(file: string): string {
  if (file === '(garbage collector)') return 'V8: garbage collection';
  if (file === '(program)' || file === '(native)') return 'V8/native (compiling, natives, idle excluded)';
  if (file.startsWith('node:') || file.startsWith('internal/')) return 'Node.js internals';
  if (/compiled\/(react|scheduler)/.test(file)) return 'react (rendering)';
  if (file.startsWith('turbopack:')) return 'next';
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) {
    const name = pkg[1]!;
    if (name === 'next' || name.startsWith('@next/')) return 'next';
    if (name.startsWith('react') || name === 'scheduler') return 'react (rendering)';
    return name;
  }
  const top = file.split('/').slice(0, 2).join('/');
  return top.startsWith('lib/') || top.startsWith('app/') || top.startsWith('components/') ? top : file;
}

/** A stretch of the run (CLOCK_MONOTONIC µs, the clock V8 stamps samples with: process.hrtime). */
export interface ProfileWindow {
  name: string;
  fromUs: number;
  toUs: number;
  /** Requests answered in it: the table then says the busy time per request. */
  requests?: number;
}

interface Tally {
  total: number;
  idle: number;
  byArea: Map<string, number>;
  byFile: Map<string, number>;
  byFn: Map<string, number>;
  /** Our own functions (and the proxy's adapter) by inclusive time: what each costs with everything it calls. */
  inclusive: Map<string, number>;
}

const newTally = (): Tally => ({
  total: 0,
  idle: 0,
  byArea: new Map(),
  byFile: new Map(),
  byFn: new Map(),
  inclusive: new Map(),
});

/** Frames whose inclusive time is worth a line: the app's own code, and Next's middleware entry. */
const OWN = /^(lib|app|components)\/|^proxy\.ts$|^\.\.\/.*proxy\.ts$/;
const NEXT_ENTRIES = new Set(['runMiddleware', 'renderToHTMLOrFlight', 'handleRequest', 'adapter']);
const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);

/** Self time of every sample in `dir`'s profiles, per window (a sample outside every window counts in none). */
function tally(dir: string, root: string, windows: readonly ProfileWindow[] | null): Tally[] {
  const tallies = (windows ?? [null]).map(newTally);
  const places = new Map<number, { file: string; fn: string; area: string }>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
    places.clear();
    const placeFor = (id: number) => {
      let place = places.get(id);
      if (!place) {
        const { file, fn } = placeOf(nodes.get(id)!.callFrame, root);
        place = { file, fn, area: areaOf(file) };
        places.set(id, place);
      }
      return place;
    };
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      at += us;
      const w = windows === null ? 0 : windows.findIndex((x) => at >= x.fromUs && at < x.toUs);
      if (w < 0) return;
      const t = tallies[w]!;
      const node = nodes.get(id)!;
      if (node.callFrame.functionName === '(idle)') {
        t.idle += us;
        return;
      }
      const place = placeFor(id);
      t.total += us;
      const seen = new Set<string>();
      for (let up: number | undefined = id; up !== undefined; up = parents.get(up)) {
        const p = placeFor(up);
        if (!OWN.test(p.file) && !(p.file.includes('next') && NEXT_ENTRIES.has(p.fn))) continue;
        const key = `${p.fn}  ${p.file}`;
        if (seen.has(key)) continue;
        seen.add(key);
        add(t.inclusive, key, us);
      }
      add(t.byArea, place.area, us);
      add(t.byFile, place.file, us);
      add(t.byFn, `${place.fn}  ${place.file}`, us);
    });
  }
  return tallies;
}

function rowsOf(m: Map<string, number>, total: number, n: number, per: number): (string | number)[][] {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => [k, (us / 1000 / per).toFixed(per === 1 ? 0 : 3), `${((100 * us) / total).toFixed(1)} %`]);
}

/** Prints where the app's CPU went: by area, file and function (self time), for the whole profile or per window. */
export function summariseProfiles(
  dir: string,
  root: string,
  options: { windows?: readonly ProfileWindow[]; top?: number } = {},
): void {
  const top = options.top ?? 25;
  const windows = options.windows ?? null;
  tally(dir, root, windows).forEach((t, i) => {
    const w = windows?.[i];
    const per = w?.requests ?? 1;
    const unit = per === 1 ? 'ms' : 'ms/request';
    console.log(
      `\nCPU profile of the app${w ? `, ${w.name}` : ''}: ${(t.total / 1e6).toFixed(2)} s busy, ${(t.idle / 1e6).toFixed(2)} s idle` +
        (per === 1 ? '' : `; ${(t.total / 1000 / per).toFixed(2)} ms busy per request (${per} requests)`),
    );
    printTable('Self time by area', ['area', unit, 'share'], rowsOf(t.byArea, t.total, 15, per));
    if (!w || top > 10) printTable('Self time by file', ['file', unit, 'share'], rowsOf(t.byFile, t.total, top, per));
    printTable('Self time by function', ['function  file', unit, 'share'], rowsOf(t.byFn, t.total, top, per));
    printTable(
      'Inclusive time of our code (and the middleware)',
      ['function  file', unit, 'share'],
      rowsOf(t.inclusive, t.total, top, per),
    );
  });
}
