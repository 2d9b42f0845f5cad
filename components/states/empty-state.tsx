import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  /** Why nothing is shown, e.g. which range and filters matched nothing. */
  reason: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, reason, action }: EmptyStateProps) {
  return (
    <div className="state-block empty-state" role="status">
      <p className="state-title">{title}</p>
      <p className="muted">{reason}</p>
      {action}
    </div>
  );
}
