// Import boundaries of docs/ARCHITECTURE.md ("Layout"), checked by `npm run lint`.
// Server-only folders: a browser bundle must never pull them in (type-only imports are erased).
// lib/config/cache-limits is plain constants, importable from anywhere.
const SERVER =
  '^lib/(store|sync|service|db|upstream|redis|log|mail|metrics|secrets|connections|config/(?!cache-limits)|server|session/(?!next-path|gate)|team/(people|links|passwords|bootstrap)|queries/prefetch)';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads CommonJS config
const { MAY_IMPORT, pathOf } = require('./scripts/layout.cjs');

// docs/ARCHITECTURE.md's Layout table, one rule per folder: an import of any other folder of the
// repository that the table does not list for it is an error (a back-arrow or a new dependency
// that the table, and so scripts/layout.cjs, must say first).
const layoutRules = Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
  name: `layout:${folder}`,
  comment: `${folder} may import only ${allowed.join(', ') || 'no other folder'} (docs/ARCHITECTURE.md, Layout).`,
  severity: 'error',
  from: { path: pathOf(folder) },
  to: {
    path: '^(app|components|lib)/|^(proxy|instrumentation)\\.ts$',
    pathNot: [pathOf(folder), ...allowed.map(pathOf)],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layoutRules,
    {
      name: 'no-circular',
      comment:
        'No import circle, type-only ones included: a circle is two modules that are one concept or a layer that points back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'Every module is imported by something or is an entry Next.js loads by its file name; an orphan is dead code.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$',
          '\\.d\\.ts$',
          '(^|/)tsconfig\\.json$',
          '^app/.*/(page|layout|route|loading|error|not-found|global-error)\\.tsx?$',
          '^app/(page|layout|loading|error|not-found|global-error)\\.tsx?$',
          '^(proxy|instrumentation)\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'components-are-client-safe',
      comment: 'React components run in the browser: no server module (secrets, databases, the upstream client).',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: SERVER, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-never-reach-server-only',
      comment:
        "Every module marked import 'server-only' (config, secrets, stores), wherever it lives: no component may reach one, however indirectly. Reachability counts type-only imports too (depcruise does not tell them apart on a path), so a component imports types from client-safe modules.",
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '(^|/)node_modules/server-only/', reachable: true },
    },
    {
      name: 'components-take-alert-rules-only',
      comment:
        "Of lib/alerts, components import the rule kinds and thresholds (kinds.ts and rules.ts, pure and client-safe) and the bodies (schemas.ts) alone: the evaluation, delivery and digests are the server's.",
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^lib/alerts/(?!(kinds|rules|schemas)\\.ts$)' },
    },
    {
      name: 'endpoints-are-client-safe',
      comment:
        "The endpoints' declarations (lib/endpoints) are what the browser's typed calls take their paths and answer types from: nothing they import, however indirectly, may be a server-only module.",
      severity: 'error',
      from: { path: '^lib/endpoints/' },
      to: { path: '(^|/)node_modules/server-only/', reachable: true },
    },
    {
      name: 'endpoints-reach-the-browser-as-types',
      comment:
        "A declaration holds zod schemas: the browser takes the declarations as types only (client.ts builds a path from an endpoint's name), so no schema reaches a page's first load.",
      severity: 'error',
      from: { path: '^(components|lib/queries)/|^app/(?!api/)|^lib/endpoints/client\\.ts$' },
      to: { path: '^lib/endpoints/(?!client\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'team-rules-are-pure',
      comment:
        "Who may do what (lib/team roles, pages, figures, the password rule) is pure and client-safe: the server enforces it, the UI only reads it. Persistence (people.ts, passwords.ts, bootstrap.ts) may use the store. The figures read the cost kinds' words from lib/costs (pure and client-safe too).",
      severity: 'error',
      from: { path: '^lib/team/(roles|pages|figures|password-policy)\\.ts$' },
      to: { path: '^lib/(?!team/(roles|pages|figures|password-policy)\\.ts$|costs/)' },
    },
    {
      name: 'upstream-knows-no-consumer',
      comment:
        'The upstream client serves the dashboard; it does not know the store, sync, reports or the embedded service.',
      severity: 'error',
      from: { path: '^lib/(upstream|rate-limit)/' },
      // The process's client reaches the embedded service by a lazy import only, so a deployment
      // with a real upstream never opens the service's store.
      to: { path: '^lib/(store|sync|reports|exports|service|api|session)/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'one-redis-home',
      comment:
        'Redis clients are made by lib/redis only (one option set, one error policy, one client per URL); others take a client as a type.',
      severity: 'error',
      from: { path: '^(lib|app|scripts)/', pathNot: '^lib/redis/' },
      to: { path: 'node_modules/ioredis/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|tests|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
