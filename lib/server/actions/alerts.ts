import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { AlertRuleBody, AlertRuleChange, AlertRuleItem, DigestBody, DigestPrefs } from '@/lib/alerts/schemas';
import { inbox, markRead } from '@/lib/alerts/inbox';
import { deleteRule, insertRule, setMuted, updateRule } from '@/lib/alerts/rule-store';
import {
  cooldownSchema,
  DEFAULT_COOLDOWN_HOURS,
  needsProfit,
  RULE_PARAMS,
  type AlertKind,
  type RuleParams,
} from '@/lib/alerts/rules';
import { formatZodIssues } from '@/lib/contract/zod-issues';
import { seesAllShops } from '@/lib/team/roles';
import type { Person } from '@/lib/team/people';
import { servingPerson } from '../access';
import { loadDigest, readerOf, ruleFor, ruleItem } from '../loaders/alerts';
import { requireShop } from '../loaders/shops';

// The alerts' changes: marking read, adding, changing, removing and muting a rule (each checked
// against what the person may see and set), and the digest's choices. Each answers with the read
// the page shows next (../loaders/alerts).

export async function readAlerts(ids: readonly string[] | 'all'): Promise<{ unread: number }> {
  const reader = readerOf(servingPerson());
  const store = await storeDb();
  await markRead(store, reader, ids, Date.now());
  return { unread: (await inbox(store, reader, new Map(), { unreadOnly: true })).unread };
}

function checkParams(kind: AlertKind, params: unknown): RuleParams {
  const parsed = RULE_PARAMS[kind].safeParse(params);
  if (!parsed.success) throw new DashboardError('INVALID_REQUEST', `params: ${formatZodIssues(parsed.error)}`);
  return parsed.data;
}

function checkCooldown(hours: number | undefined): number {
  const parsed = cooldownSchema.safeParse(hours ?? DEFAULT_COOLDOWN_HOURS);
  if (!parsed.success) throw new DashboardError('INVALID_REQUEST', `cooldownHours: ${formatZodIssues(parsed.error)}`);
  return parsed.data;
}

async function checkChannels(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await (
    await storeDb()
  )
    .selectFrom('st_alert_channel')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((c) => c.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new DashboardError('INVALID_REQUEST', 'channels: a channel chosen no longer exists; reload and choose again');
  return [...new Set(ids)];
}

function checkKind(person: Person, kind: AlertKind): void {
  if (needsProfit(kind) && !person.seesProfit)
    throw new DashboardError(
      'FORBIDDEN_ROLE',
      'This alert names costs or profit, which your access does not include; nothing was changed.',
    );
}

export async function addRule(body: AlertRuleBody): Promise<AlertRuleItem> {
  const person = servingPerson();
  checkKind(person, body.kind);
  if (body.shopId === null && !seesAllShops(person.role))
    throw new DashboardError(
      'INVALID_REQUEST',
      'shopId: only the owner and admins set a rule for every shop; pick a shop',
    );
  // A shop the person may not see is answered as a shop that does not exist.
  if (body.shopId !== null) await requireShop(body.shopId);
  const rule = {
    shopId: body.shopId,
    kind: body.kind,
    params: checkParams(body.kind, body.params),
    channels: await checkChannels(body.channels),
    cooldownHours: checkCooldown(body.cooldownHours),
  };
  const id = await insertRule(await storeDb(), rule, person.name, Date.now());
  return ruleItem(id);
}

export async function changeRule(id: string, change: AlertRuleChange): Promise<AlertRuleItem> {
  const person = servingPerson();
  const rule = await ruleFor(person, id);
  if (rule.shopId === null && !seesAllShops(person.role))
    throw new DashboardError(
      'FORBIDDEN_ROLE',
      'Only the owner and admins change a rule for every shop; nothing was changed.',
    );
  await updateRule(
    await storeDb(),
    id,
    {
      enabled: change.enabled,
      params: change.params === undefined ? undefined : checkParams(rule.kind, change.params),
      channels: change.channels === undefined ? undefined : await checkChannels(change.channels),
      cooldownHours: change.cooldownHours === undefined ? undefined : checkCooldown(change.cooldownHours),
    },
    Date.now(),
  );
  return ruleItem(id);
}

export async function removeRule(id: string): Promise<{ deleted: true }> {
  const person = servingPerson();
  const rule = await ruleFor(person, id);
  if (rule.shopId === null && !seesAllShops(person.role))
    throw new DashboardError(
      'FORBIDDEN_ROLE',
      'Only the owner and admins remove a rule for every shop; nothing was changed.',
    );
  await deleteRule(await storeDb(), id);
  return { deleted: true };
}

export async function muteRule(id: string, muted: boolean): Promise<AlertRuleItem> {
  const person = servingPerson();
  await ruleFor(person, id);
  await setMuted(await storeDb(), person.id, id, muted);
  return ruleItem(id);
}

export async function saveDigest(body: DigestBody): Promise<DigestPrefs> {
  const row = {
    person_id: servingPerson().id,
    daily: body.daily ? 1 : 0,
    weekly: body.weekly ? 1 : 0,
    hour: body.hour,
    attach_xlsx: body.attachXlsx ? 1 : 0,
    updated_at: Date.now(),
  };
  await (
    await storeDb()
  )
    .insertInto('st_digest_pref')
    .values(row)
    .onConflict((oc) => oc.column('person_id').doUpdateSet(row))
    .execute();
  return loadDigest();
}
