import Link from 'next/link';

export interface PageUnavailableProps {
  /** The page's heading: its name when it exists, what happened when it does not. */
  title: string;
  /** What happened and what to do, in the seller's words. */
  sentence: string;
  /** Where to go instead: the way back. */
  pages: readonly { href: string; label: string }[];
}

/** A page a person cannot see (not theirs to use, or no such page), inside the dashboard's frame. */
export function PageUnavailable({ title, sentence, pages }: PageUnavailableProps) {
  return (
    <section className="card page-card" aria-labelledby="page-unavailable-title">
      <div className="state-block">
        <h1 id="page-unavailable-title">{title}</h1>
        <p>{sentence}</p>
        <div className="state-actions">
          {pages.map((page, index) => (
            <Link key={page.href} className={index === 0 ? 'btn btn-primary' : 'btn'} href={page.href}>
              {page.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
