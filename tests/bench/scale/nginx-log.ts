import { readFileSync } from 'node:fs';

// nginx's access log in deploy/nginx/shop-profit.conf's `shop_profit` format: which instance
// answered each request, and which requests nginx had to send to the other one.

export interface LogLine {
  /** Seconds since the epoch ($time_iso8601 has whole seconds). */
  at: number;
  method: string;
  path: string;
  status: number;
  /** Every instance nginx tried, in order ("127.0.0.1:3001"); the last one answered. */
  upstreams: string[];
}

const LINE = /^\S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d+) \d+ upstream="([^"]*)"/;

export function readAccessLog(path: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    const m = LINE.exec(text);
    if (!m) continue;
    lines.push({
      at: Date.parse(m[1]!) / 1000,
      method: m[2]!,
      path: m[3]!,
      status: Number(m[4]),
      // "a:1, b:2" after a retry; "a:1 : b:2" when the request moved between upstream groups.
      upstreams: m[5]!.split(/, | : /).filter((u) => u && u !== '-'),
    });
  }
  return lines;
}

/** Requests answered by each instance (by address), and how many were first tried elsewhere. */
export function servedBy(lines: readonly LogLine[]): { byInstance: Map<string, number>; retried: number } {
  const byInstance = new Map<string, number>();
  let retried = 0;
  for (const line of lines) {
    const last = line.upstreams.at(-1);
    if (!last) continue;
    byInstance.set(last, (byInstance.get(last) ?? 0) + 1);
    if (line.upstreams.length > 1) retried++;
  }
  return { byInstance, retried };
}
