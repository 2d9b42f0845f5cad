import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { PasswordForm } from '@/components/auth/password-form';
import { AuthCard } from '@/components/auth/auth-card';
import { DEMO, serverConfig } from '@/lib/config/env';
import { safeNextPath } from '@/lib/session/next-path';
import { signInFormSentence } from '@/lib/session/sign-in-form';
import { getSession } from '@/lib/session/session';
import { ownerState } from '@/lib/server/actions/account';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next, token, error, email } = await searchParams;
  const nextPath = safeNextPath(typeof next === 'string' ? next : undefined);
  if ((await ownerState()) === 'needs-setup') {
    return (
      <AuthCard
        title="Set up the dashboard"
        lead="Nobody can sign in yet. Create the owner's account with the set-up token the server printed when it started: the owner invites everyone else."
      >
        <PasswordForm
          plainAction="/login/setup"
          email={null}
          askName
          submitLabel="Create the owner"
          setupToken={typeof token === 'string' ? token.slice(0, 200) : ''}
          initialError={signInFormSentence(error)}
          defaultEmail={typeof email === 'string' ? email.slice(0, 320) : undefined}
        />
      </AuthCard>
    );
  }
  if (await getSession()) redirect(nextPath);
  const { embedded, initialOwner } = serverConfig();
  const demo = embedded && initialOwner?.email === DEMO.ownerEmail && initialOwner.password === DEMO.dashboardPassword;

  return (
    <AuthCard title="Shop Profit Dashboard" lead="Sign in to see profit per order and per SKU.">
      {demo ? (
        <p className="alert alert-info" style={{ margin: 0 }}>
          Demo mode: sign in as <code>{DEMO.ownerEmail}</code> with the password <code>demo</code>
        </p>
      ) : null}
      <LoginForm
        next={nextPath}
        defaultEmail={
          typeof email === 'string' && email !== ''
            ? email.slice(0, 320)
            : embedded && initialOwner?.email === DEMO.ownerEmail
              ? DEMO.ownerEmail
              : undefined
        }
        // A plain POST's way back (app/login/form): the sentence of its code.
        initialError={signInFormSentence(error)}
      />
    </AuthCard>
  );
}
