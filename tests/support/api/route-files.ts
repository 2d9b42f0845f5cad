import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Permission } from '@/lib/team/roles';

// Every dashboard route as the file system has it: each exported method of each
// app/api/dashboard/**/route.ts. The access matrix and the API description's test both start here,
// so a route added or removed is seen by both.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
export type Handler = ((request: Request, context?: { params: Promise<never> }) => Promise<Response>) & {
  access?: Permission | 'public';
};

export interface Route {
  /** e.g. "shops/[shopId]/orders" */
  path: string;
  method: Method;
  handler: Handler;
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
    const routeModule = (await import(/* @vite-ignore */ file)) as Partial<Record<Method, Handler>>;
    for (const method of METHODS) {
      const handler = routeModule[method];
      if (handler) routes.push({ path, method, handler });
    }
  }
  return routes;
}

/** The source text of a route's file ("shops/[shopId]/orders"). */
export const routeSource = (path: string) => readFileSync(join(API_DIR, path, 'route.ts'), 'utf8');
