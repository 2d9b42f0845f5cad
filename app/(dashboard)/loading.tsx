import { LoadingSkeleton } from '@/components/states/loading-skeleton';

// Moving between dashboard pages shows this at once while the server prepares the next page
// (its prefetch waits at most a second for data; see lib/queries/prefetch.ts), instead of
// leaving the previous page on screen with no sign that anything is happening.
export default function DashboardLoading() {
  return <LoadingSkeleton label="Loading this page…" />;
}
