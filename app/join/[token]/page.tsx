import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { PasswordForm } from '@/components/auth/password-form';
import { describeLink } from '@/lib/server/loaders/account';
import { DASHBOARD_ERRORS } from '@/lib/api/errors';
import { roleLabel } from '@/lib/team/roles';

export const metadata: Metadata = { title: 'Set your password', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/** A one-time link: an invitation (choose a name and password) or a password reset. */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await describeLink(token).catch(() => null);
  if (!link) {
    return (
      <AuthCard title="This link no longer works" lead={DASHBOARD_ERRORS.LINK_EXPIRED.message}>
        <Link href="/login" className="btn">
          Go to sign-in
        </Link>
      </AuthCard>
    );
  }
  const invite = link.kind === 'invite';
  return (
    <AuthCard
      title={invite ? 'Join the dashboard' : 'Set a new password'}
      lead={
        invite
          ? `You are invited as ${roleLabel(link.role).toLowerCase()}. Choose your password to sign in.`
          : 'Choose a new password; your other sessions end.'
      }
    >
      <PasswordForm
        linkToken={token}
        email={link.email}
        askName={invite}
        submitLabel={invite ? 'Join' : 'Save the password'}
      />
    </AuthCard>
  );
}
