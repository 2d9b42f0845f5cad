import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * The dashboard's frame without a person: the app's name (a way to the overview, or the sign-in
 * page when needed) over the page. For pages shown when no one is signed in or the store that says
 * who is cannot be read.
 */
export function BareFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="app-header">
        <div className="app-header-top">
          <Link className="app-name" href="/">
            Shop Profit
          </Link>
        </div>
      </header>
      <main id="main" className="app-main">
        {children}
      </main>
    </>
  );
}
