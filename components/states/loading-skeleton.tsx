export interface LoadingSkeletonProps {
  rows?: number;
  /** What is loading, for screen readers. */
  label: string;
}

/** Grey bars where content will appear: the layout does not jump when data arrives. */
export function LoadingSkeleton({ rows = 6, label }: LoadingSkeletonProps) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-bar" aria-hidden="true" />
      ))}
    </div>
  );
}
