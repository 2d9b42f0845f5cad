import { BareFrame } from '@/components/app-shell/bare-frame';
import { DASHBOARD_ERRORS } from '@/lib/api/errors';

/**
 * The dashboard's frame when its own data store (database or Redis) cannot be read: the same words
 * the API answers with (503 STORE_UNAVAILABLE), and a way to try again, never a framework error page.
 */
export function StoreDownPage() {
  return (
    <BareFrame>
      <section className="card page-card" aria-labelledby="store-down-title">
        <div role="alert" className="alert alert-error state-block">
          <h1 id="store-down-title" className="state-title">
            The dashboard&apos;s data store is unavailable
          </h1>
          <p>{DASHBOARD_ERRORS.STORE_UNAVAILABLE.message}</p>
          <p>
            <a className="btn" href="">
              Try again
            </a>
          </p>
        </div>
      </section>
    </BareFrame>
  );
}
