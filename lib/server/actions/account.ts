import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { hashPassword, verifyPassword } from '@/lib/team/passwords';
import { passwordProblem } from '@/lib/team/password-policy';
import {
  countPeople,
  findByEmail,
  getPerson,
  insertPerson,
  passwordHashOf,
  recordTeamChange,
  updatePerson,
  type Person,
} from '@/lib/team/people';
import { claimLink } from '@/lib/team/links';
import { roleLabel } from '@/lib/team/roles';
import { createFirstOwner, ensureOwner } from '@/lib/team/bootstrap';
import { isSetupToken, issueSetupToken } from '@/lib/team/setup-token';
import { DashboardError } from '@/lib/api/dashboard-error';
import { usableLink } from '../loaders/account';
import { personView } from '../loaders/team';

// A person's own side of team access, the changes (docs/ARCHITECTURE.md#team-access): using a
// one-time link, their account (name, password, sessions), and the first owner's set-up (an empty
// store's owner from the configuration, or a set-up token). Managing others is ./team.ts's.

function checkPassword(password: string, email: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw new DashboardError('INVALID_REQUEST', `password: ${problem}`);
}

/** Uses a link: creates the invited person or sets the reset password. Returns the person to sign in. */
export async function useLink(token: string, input: { name?: string; password: string }): Promise<string> {
  const link = await usableLink(token);
  checkPassword(input.password, link.email);
  const passwordHash = await hashPassword(input.password);
  const d = await storeDb();
  return d.transaction().execute(async (trx) => {
    if (!(await claimLink(trx, link.id))) throw new DashboardError('LINK_EXPIRED');
    const actor = { id: null, name: link.email };
    if (link.kind === 'reset') {
      const person = link.personId ? await getPerson(trx, link.personId) : null;
      if (!person) throw new DashboardError('LINK_EXPIRED');
      await updatePerson(trx, person.id, { passwordHash, endSessions: true });
      await recordTeamChange(
        trx,
        { id: person.id, name: person.name },
        'password',
        `${person.email} set a new password from a reset link`,
      );
      return person.id;
    }
    if (await findByEmail(trx, link.email))
      throw new DashboardError('CONFLICT', `${link.email} is already a member of the team: sign in instead.`);
    const id = await insertPerson(trx, {
      email: link.email,
      name: input.name?.trim() || link.email.split('@')[0]!,
      role: link.role,
      seesProfit: link.seesProfit,
      shops: link.shops,
      passwordHash,
    });
    await recordTeamChange(trx, actor, 'join', `${link.email} joined as ${roleLabel(link.role).toLowerCase()}`);
    return id;
  });
}

export async function renameSelf(person: Person, name: string) {
  const d = await storeDb();
  await updatePerson(d, person.id, { name });
  return personView((await getPerson(d, person.id))!);
}

/** Sets the locale the person's figures are written in; null: as their browser asks. */
export async function setOwnLocale(person: Person, locale: string | null) {
  const d = await storeDb();
  await updatePerson(d, person.id, { locale });
  return personView((await getPerson(d, person.id))!);
}

/** Changes the person's own password (the current one is asked for); every session ends. */
export async function changeOwnPassword(person: Person, current: string, next: string) {
  const d = await storeDb();
  if (!(await verifyPassword(await passwordHashOf(d, person.id), current)))
    throw new DashboardError('WRONG_PASSWORD', 'The current password is not correct; nothing was changed.');
  checkPassword(next, person.email);
  await updatePerson(d, person.id, { passwordHash: await hashPassword(next), endSessions: true });
  await recordTeamChange(d, { id: person.id, name: person.name }, 'password', `${person.email} changed their password`);
}

export async function signOutEverywhere(person: Person) {
  await updatePerson(await storeDb(), person.id, { endSessions: true });
}

const HAS_OWNER = 'The dashboard already has an owner: sign in instead.';

/**
 * The first owner, from the set-up form: only while the store has nobody (409 afterwards), and only
 * with a set-up token the server printed at start (403 without it, before the password is looked at).
 */
export async function setUpOwner(input: { email: string; name: string; password: string; token?: string }) {
  const d = await storeDb();
  if ((await countPeople(d)) > 0) throw new DashboardError('CONFLICT', HAS_OWNER);
  if (!input.token || !(await isSetupToken(d, input.token))) throw new DashboardError('WRONG_SETUP_TOKEN');
  checkPassword(input.password, input.email);
  const created = await createFirstOwner(d, input);
  if (!created) throw new DashboardError('CONFLICT', HAS_OWNER);
  const found = await findByEmail(d, input.email);
  return found!.person.id;
}

/** Whether someone can sign in yet ('needs-setup': the sign-in page asks for the owner). */
export async function ownerState(): Promise<'ready' | 'needs-setup'> {
  return ensureOwner(await storeDb());
}

/** At start: the owner from the configuration, or else a new set-up token to print (null: someone can sign in). */
export async function setupTokenAtStart(): Promise<string | null> {
  const d = await storeDb();
  return (await ensureOwner(d)) === 'ready' ? null : issueSetupToken(d);
}
