import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import {
  countOwners,
  deletePerson,
  findByEmail,
  getPerson,
  recordTeamChange,
  setGrants,
  updatePerson,
  type Person,
} from '@/lib/team/people';
import { getLink, insertLink, revokeLinks, type NewLink, type TeamLink } from '@/lib/team/links';
import {
  allows,
  assignableRoles,
  isGrantable,
  roleLabel,
  seesAllShops,
  type GrantableRole,
  type Role,
} from '@/lib/team/roles';
import { mailEnabled, sendMail } from '@/lib/mail';
import { DashboardError } from '@/lib/api/dashboard-error';
import { connectedShops } from '../loaders/shops';
import { linkView, personView } from '../loaders/team';

// The Team page's changes (docs/ARCHITECTURE.md#team-access): invitations, reset links, people's
// roles, switches, shops and sessions. The route wrapper has checked the permission (manage-team);
// the rules about whom a person may change are here, each refusal a sentence, and every change is
// written to the Team history. A person's own account and the use of a link are ./account.ts's.

/** How long an invitation or a reset link stays valid. */
const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const actorOf = (person: Person) => ({ id: person.id, name: person.name });
const refuse = (message: string) => new DashboardError('FORBIDDEN_ROLE', message);
const invalid = (message: string) => new DashboardError('INVALID_REQUEST', message);

/** The path a one-time link opens (the token is shown once, to the person who made it). */
const linkPath = (token: string) => `/join/${token}`;

/**
 * Emails a new link to its person when SMTP is configured. The answer says whether it went:
 * `emailed`, or `emailProblem` (the link is shown to copy either way).
 */
async function deliver(link: TeamLink, path: string, origin: string, actor: Person) {
  const result = { invitation: linkView(link), path };
  if (!mailEnabled()) return { ...result, emailed: false };
  const url = `${origin}${path}`;
  const until = new Date(link.expiresAt).toUTCString();
  const problem = await sendMail(
    link.kind === 'invite'
      ? {
          to: link.email,
          subject: `${actor.name} invited you to the Shop Profit Dashboard`,
          text: `${actor.name} invited you to the Shop Profit Dashboard as ${roleLabel(link.role).toLowerCase()}.\n\nChoose your password here (the link works once, until ${until}):\n${url}\n\nIf you did not expect this, ignore this email.`,
        }
      : {
          to: link.email,
          subject: 'Set a new password for the Shop Profit Dashboard',
          text: `${actor.name} made a password reset link for you.\n\nSet your new password here (the link works once, until ${until}; your other sessions end):\n${url}\n\nIf you did not expect this, tell ${actor.name}.`,
        },
  );
  return problem === null
    ? { ...result, emailed: true }
    : {
        ...result,
        emailed: false,
        emailProblem: `The email to ${link.email} was not sent: ${problem}. Copy the link instead.`,
      };
}

/**
 * Issues a one-time link in one transaction (the pending links it replaces stop working, the change
 * is in the Team history), then emails it when SMTP is configured.
 */
async function issueLink(
  actor: Person,
  replaces: { id?: string; email?: string },
  input: Omit<NewLink, 'createdBy' | 'ttlMs'>,
  change: { action: string; summary: (link: TeamLink) => string },
  origin: string,
) {
  const made = await (await storeDb()).transaction().execute(async (trx) => {
    await revokeLinks(trx, replaces);
    const { link, token } = await insertLink(trx, { ...input, createdBy: actor.name, ttlMs: LINK_TTL_MS });
    await recordTeamChange(trx, actorOf(actor), change.action, change.summary(link));
    return { link, token };
  });
  return deliver(made.link, linkPath(made.token), origin, actor);
}

async function checkShops(role: Role, shops: readonly string[]): Promise<string[]> {
  if (seesAllShops(role)) return [];
  const known = new Set((await connectedShops()).map((s) => s.id));
  const unknown = shops.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalid(`shops: ${unknown.slice(0, 3).join(', ')} is not a connected shop`);
  return [...new Set(shops)];
}

function checkAssignable(actor: Person, role: Role) {
  if (!(assignableRoles(actor) as readonly Role[]).includes(role))
    throw refuse(`You cannot give the ${roleLabel(role).toLowerCase()} role; nothing was changed.`);
}

export interface InviteInput {
  email: string;
  role: GrantableRole;
  seesProfit: boolean;
  shops: string[];
}

export async function invite(actor: Person, input: InviteInput, origin: string) {
  checkAssignable(actor, input.role);
  const shops = await checkShops(input.role, input.shops);
  const d = await storeDb();
  if (await findByEmail(d, input.email))
    throw new DashboardError('CONFLICT', `${input.email} is already a member of the team; nothing was changed.`);
  // A new invitation replaces any pending one for the same email (its link stops working).
  return issueLink(
    actor,
    { email: input.email },
    { kind: 'invite', email: input.email, personId: null, role: input.role, seesProfit: input.seesProfit, shops },
    { action: 'invite', summary: (link) => `Invited ${link.email} as ${roleLabel(link.role).toLowerCase()}` },
    origin,
  );
}

async function pendingLink(id: string): Promise<TeamLink> {
  const link = await getLink(await storeDb(), id);
  if (!link || link.usedAt !== null || link.revokedAt !== null)
    throw new DashboardError('NOT_FOUND', 'That invitation is no longer pending (it was used or revoked).');
  return link;
}

/** A new link for a pending invitation or reset (the old one stops working), valid for 7 days again. */
export async function resendLink(actor: Person, id: string, origin: string) {
  const { kind, email, personId, role, seesProfit, shops } = await pendingLink(id);
  return issueLink(
    actor,
    { id },
    { kind, email, personId, role, seesProfit, shops },
    { action: 'resend', summary: (link) => `Sent a new link to ${link.email}` },
    origin,
  );
}

export async function revokeLink(actor: Person, id: string) {
  const link = await pendingLink(id);
  const d = await storeDb();
  await revokeLinks(d, { id });
  await recordTeamChange(
    d,
    actorOf(actor),
    'revoke',
    `Revoked the ${link.kind === 'reset' ? 'reset link' : 'invitation'} of ${link.email}`,
  );
  return { revoked: true } as const;
}

/**
 * The person `actor` may manage, or a refusal: nobody changes themselves here, and a role the Team
 * page cannot give (the owner) is changed only by a person who holds `manage-owner`.
 */
async function manageable(actor: Person, id: string, what: string): Promise<Person> {
  const target = await getPerson(await storeDb(), id);
  if (!target)
    throw new DashboardError('NOT_FOUND', 'That person is no longer on the team. Reload to see the current list.');
  if (target.id === actor.id)
    throw refuse(`You cannot ${what} yourself; another owner or admin can. Nothing was changed.`);
  if (!isGrantable(target.role) && !allows(actor, 'manage-owner'))
    throw refuse(`Only an owner can ${what} the owner; nothing was changed.`);
  return target;
}

export interface PersonChange {
  role?: GrantableRole;
  seesProfit?: boolean;
  shops?: string[];
}

export async function changePerson(actor: Person, id: string, change: PersonChange) {
  const target = await manageable(actor, id, 'change the access of');
  if (change.role !== undefined && change.role !== target.role) checkAssignable(actor, change.role);
  const role = change.role ?? target.role;
  const shops =
    change.shops !== undefined ? await checkShops(role, change.shops) : target.shops === 'all' ? [] : target.shops;
  const d = await storeDb();
  await d.transaction().execute(async (trx) => {
    await updatePerson(trx, id, { role, seesProfit: change.seesProfit });
    await setGrants(trx, id, seesAllShops(role) ? [] : shops);
    const parts = [
      change.role !== undefined && change.role !== target.role
        ? `role ${roleLabel(target.role)} → ${roleLabel(role)}`
        : null,
      change.seesProfit !== undefined && change.seesProfit !== target.seesProfitSwitch
        ? `costs and profit ${change.seesProfit ? 'shown' : 'hidden'}`
        : null,
      change.shops !== undefined ? `shops: ${shops.length === 0 ? 'none' : shops.join(', ')}` : null,
    ].filter(Boolean);
    await recordTeamChange(trx, actorOf(actor), 'change', `Changed ${target.email}: ${parts.join('; ') || 'nothing'}`);
  });
  return personView((await getPerson(d, id))!);
}

export async function removePerson(actor: Person, id: string) {
  const target = await manageable(actor, id, 'remove');
  const d = await storeDb();
  await d.transaction().execute(async (trx) => {
    if (target.role === 'owner' && (await countOwners(trx)) <= 1)
      throw refuse('The last owner cannot be removed; nothing was changed.');
    await deletePerson(trx, id);
    await recordTeamChange(
      trx,
      actorOf(actor),
      'remove',
      `Removed ${target.email} (${roleLabel(target.role).toLowerCase()})`,
    );
  });
  return { removed: true } as const;
}

/** A one-time link for `id` to set a new password (their sessions end when it is used). */
export async function resetLink(actor: Person, id: string, origin: string) {
  const target = await manageable(actor, id, 'reset the password of');
  return issueLink(
    actor,
    { email: target.email },
    {
      kind: 'reset',
      email: target.email,
      personId: target.id,
      role: target.role,
      seesProfit: target.seesProfitSwitch,
      shops: target.shops === 'all' ? [] : target.shops,
    },
    { action: 'reset', summary: () => `Made a password reset link for ${target.email}` },
    origin,
  );
}

export async function endSessionsOf(actor: Person, id: string) {
  const target = await manageable(actor, id, 'sign out');
  const d = await storeDb();
  await updatePerson(d, id, { endSessions: true });
  await recordTeamChange(d, actorOf(actor), 'sessions', `Signed ${target.email} out everywhere`);
  return { ended: true } as const;
}
