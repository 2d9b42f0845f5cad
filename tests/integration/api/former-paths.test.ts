import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Renamed API paths answer at their former path for one release: every route file under a former
// path exports, for every method, the very handler of its new path.

const API = join(process.cwd(), 'app', 'api', 'dashboard');
const RENAMED: [former: string, now: string][] = [
  ['portfolio', 'all-shops'],
  [join('shops', '[shopId]', 'costs'), join('shops', '[shopId]', 'your-costs')],
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

describe('former API paths', () => {
  for (const [former, now] of RENAMED) {
    it(`every route under ${former.split(sep).join('/')} is the handler of ${now.split(sep).join('/')}`, async () => {
      const files = routeFiles(join(API, former));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const old = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
        const current = (await import(/* @vite-ignore */ join(API, now, relative(join(API, former), file)))) as Record<
          string,
          unknown
        >;
        const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => m in current);
        expect(methods.length, file).toBeGreaterThan(0);
        for (const method of methods) expect(old[method], `${method} ${file}`).toBe(current[method]);
      }
    });
  }
});
