// Import boundaries of docs/ARCHITECTURE.md ("Layout"), checked by `npm run lint`.
// Server-only folders: a browser bundle must never pull them in (type-only imports are erased).
// lib/config/cache-limits is plain constants, importable from anywhere.
const SERVER =
  '^lib/(store|sync|service|db|upstream|redis|log|mail|metrics|config/(?!cache-limits)|api/server|session/(?!next-path|gate)|team/(people|passwords|bootstrap)|queries/prefetch|exports/(sources|store-orders|order-export))';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
      name: 'service-stands-alone',
      comment: 'The embedded service is the upstream: it imports nothing of the dashboard.',
      severity: 'error',
      from: { path: '^lib/service/' },
      to: { path: '^(app|components)/|^lib/(?!service/|contract/|db/|rate-limit/|config/)' },
    },
    {
      name: 'lib-below-ui',
      comment: 'lib/ is the domain: it never imports pages, routes or components.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'contract-is-the-spec',
      comment: 'The spec schemas depend on nothing else of ours.',
      severity: 'error',
      from: { path: '^lib/contract/' },
      to: { path: '^lib/(?!contract/)' },
    },
    {
      name: 'profit-is-pure',
      comment: 'The one profit formula: pure math over the contract types.',
      severity: 'error',
      from: { path: '^lib/profit/' },
      to: { path: '^lib/(?!profit/|contract/)' },
    },
    {
      name: 'costs-are-pure',
      comment:
        "The seller's cost rules (lib/costs) are pure and client-safe: the orders table applies them in the browser. Persistence is lib/store's, placement in reports lib/reports'.",
      severity: 'error',
      from: { path: '^lib/costs/' },
      to: { path: '^lib/(?!costs/|contract/|profit/|time/|csv/)' },
    },
    {
      name: 'team-rules-are-pure',
      comment:
        'Who may do what (lib/team roles, pages, figures, the password rule) is pure and client-safe: the server enforces it, the UI only reads it. Persistence (people.ts, passwords.ts, bootstrap.ts) may use the store.',
      severity: 'error',
      from: { path: '^lib/team/(roles|pages|figures|password-policy)\\.ts$' },
      to: { path: '^lib/(?!team/(roles|pages|figures|password-policy)\\.ts$)' },
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
    {
      name: 'routes-stay-thin',
      comment: 'Pages and route handlers parse input and call lib/; they do not open databases or talk HTTP upstream.',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^lib/(db|store|upstream/(client|http|scheduler))' },
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
