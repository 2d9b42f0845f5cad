import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { METHODS, type Endpoint, type Method } from '@/lib/endpoints/define';
import type { Route as Implemented } from '@/lib/server/endpoint';

// Every dashboard route as the file system has it: each exported method of each
// app/api/dashboard/**/route.ts, with the declaration it implements (lib/endpoints). The access
// matrix and the API description's test both start here, so a route added or removed is seen by both.

export interface Route {
  /** e.g. "shops/[shopId]/orders" */
  path: string;
  method: Method;
  handler: Implemented;
  /** The declaration the route implements (`handler.endpoint`). */
  endpoint: Endpoint;
}

const API_DIR = join(process.cwd(), 'app', 'api', 'dashboard');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

export async function allRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of routeFiles(API_DIR).sort()) {
    const path = relative(API_DIR, file).split(sep).slice(0, -1).join('/');
    const routeModule = (await import(/* @vite-ignore */ file)) as Partial<Record<Method, Implemented>>;
    for (const method of METHODS) {
      const handler = routeModule[method];
      if (handler) routes.push({ path, method, handler, endpoint: handler.endpoint });
    }
  }
  return routes;
}
