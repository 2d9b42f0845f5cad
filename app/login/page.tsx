import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { DEMO, serverConfig } from '@/lib/config/env';
import { safeNextPath } from '@/lib/session/next-path';
import { getSession } from '@/lib/session/session';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === 'string' ? next : undefined);
  if (await getSession()) redirect(nextPath);
  const config = serverConfig();
  const demo = config.embedded && config.dashboardPassword === DEMO.dashboardPassword;

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '1.5rem' }}>
      <div className="card" style={{ width: '100%', maxWidth: '24rem', display: 'grid', gap: '1rem' }}>
        <div>
          <h1 style={{ margin: 0, fontSize: '1.35rem' }}>Shop Profit Dashboard</h1>
          <p className="muted" style={{ margin: '0.25rem 0 0' }}>
            Sign in to see profit per order and per SKU.
          </p>
        </div>
        {demo ? (
          <p className="alert alert-info" style={{ margin: 0 }}>
            Demo mode: the password is <code>demo</code>
          </p>
        ) : null}
        <LoginForm next={nextPath} />
      </div>
    </main>
  );
}
