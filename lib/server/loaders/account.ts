import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { getPerson } from '@/lib/team/people';
import { findLinkByToken, type TeamLink } from '@/lib/team/links';
import { DashboardError } from '@/lib/api/dashboard-error';

// A person's own side of team access, the reads (docs/ARCHITECTURE.md#team-access): what a one-time
// link offers before it is used. Using it, the account's changes and the first owner's set-up are
// lib/server/actions/account.ts's.

/** The link of `token` while it can be used (a used, revoked or expired one is LINK_EXPIRED). */
export async function usableLink(token: string): Promise<TeamLink> {
  const link = await findLinkByToken(await storeDb(), token);
  if (!link || link.usedAt !== null || link.revokedAt !== null || link.expiresAt <= Date.now())
    throw new DashboardError('LINK_EXPIRED');
  return link;
}

/** What the link page shows before the password is set. */
export async function describeLink(token: string) {
  const link = await usableLink(token);
  if (link.kind === 'reset' && !(await getPerson(await storeDb(), link.personId ?? '')))
    throw new DashboardError('LINK_EXPIRED');
  return { kind: link.kind, email: link.email, role: link.role, expiresAt: link.expiresAt };
}
