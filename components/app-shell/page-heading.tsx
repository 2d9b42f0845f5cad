import type { ReactNode } from 'react';

export interface PageHeadingProps {
  /** Id of the <h1>, for the section's aria-labelledby. */
  id: string;
  title: string;
  /** The period and time zone the page shows, and counts. */
  summary?: ReactNode;
  actions?: ReactNode;
}

export function PageHeading({ id, title, summary, actions }: PageHeadingProps) {
  return (
    <div className="page-heading">
      <div>
        <h1 id={id}>{title}</h1>
        {summary ? <p className="muted page-summary">{summary}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
