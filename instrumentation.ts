// Runs once when the server starts, before it serves anyone (Next.js instrumentation hook):
// settings and stores are checked (the server exits naming what is wrong), and each request is
// stamped with its socket's peer address for the sign-in throttle.

export async function register(): Promise<void> {
  // `next build` loads this module too; stores are checked where they are used: at start.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startNodeServer } = await import('./lib/startup/node');
  await startNodeServer();
}
