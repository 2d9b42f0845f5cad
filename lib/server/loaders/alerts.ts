import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import type {
  AlertInbox,
  AlertRuleBody,
  AlertRuleChange,
  AlertRuleItem,
  AlertRules,
  DigestBody,
  DigestPrefs,
} from '@/lib/alerts/schemas';
import { inbox, markRead, type InboxReader } from '@/lib/alerts/inbox';
import {
  deleteRule,
  getRule,
  insertRule,
  listRules,
  mutedRules,
  openCounts,
  setMuted,
  updateRule,
  type AlertRule,
} from '@/lib/alerts/rule-store';
import {
  ALERT_KINDS,
  cooldownSchema,
  DEFAULT_COOLDOWN_HOURS,
  DEFAULT_PARAMS,
  describeRule,
  KIND_LABELS,
  needsProfit,
  RULE_PARAMS,
  type AlertKind,
  type RuleParams,
} from '@/lib/alerts/rules';
import { formatZodIssues } from '@/lib/contract/zod-issues';
import { mailEnabled } from '@/lib/mail';
import { getOrderStore } from '@/lib/store';
import { allows, seesAllShops } from '@/lib/team/roles';
import type { Person } from '@/lib/team/people';
import { servingPerson } from '../access';
import { connectedShops, requireShop } from './shops';

// The alerts' API: a person's inbox, the rules (what a person may see of them and change), their
// mutes, and the digest's choices. Channels and deliveries: ./alert-channels.

const db = async () => (await getOrderStore()).db;

function readerOf(person: Person): InboxReader {
  return { personId: person.id, shopIds: person.shops === 'all' ? null : person.shops, seesProfit: person.seesProfit };
}

async function shopNames(): Promise<Map<string, string>> {
  const shops = await connectedShops().catch(() => []);
  return new Map(shops.map((s) => [s.id, s.shopName]));
}

export async function loadInbox(unreadOnly: boolean): Promise<AlertInbox> {
  return inbox(await db(), readerOf(servingPerson()), await shopNames(), { unreadOnly });
}

export async function readAlerts(ids: readonly string[] | 'all'): Promise<{ unread: number }> {
  const reader = readerOf(servingPerson());
  const store = await db();
  await markRead(store, reader, ids, Date.now());
  return { unread: (await inbox(store, reader, new Map(), { unreadOnly: true })).unread };
}

/** A rule the person may see: a shop they see (or every shop), and a kind they see. */
function visibleTo(person: Person, rule: AlertRule): boolean {
  if (rule.needsProfit && !person.seesProfit) return false;
  return rule.shopId === null || person.shops === 'all' || person.shops.includes(rule.shopId);
}

async function itemOf(rule: AlertRule, names: Map<string, string>, muted: Set<string>, open: Map<string, number>) {
  return {
    id: rule.id,
    shopId: rule.shopId,
    shopName: rule.shopId === null ? null : (names.get(rule.shopId) ?? rule.shopId),
    kind: rule.kind,
    params: rule.params,
    description: describeRule(rule.kind, rule.params),
    channels: rule.channels,
    cooldownHours: rule.cooldownHours,
    enabled: rule.enabled,
    muted: muted.has(rule.id),
    open: open.get(rule.id) ?? 0,
    createdBy: rule.createdBy,
    createdAt: rule.createdAt,
  } satisfies AlertRuleItem;
}

export async function loadRules(): Promise<AlertRules> {
  const person = servingPerson();
  const store = await db();
  const [rules, names, muted, open] = await Promise.all([
    listRules(store),
    shopNames(),
    mutedRules(store, person.id),
    openCounts(store),
  ]);
  const items = await Promise.all(rules.filter((r) => visibleTo(person, r)).map((r) => itemOf(r, names, muted, open)));
  const kinds = ALERT_KINDS.filter((k) => person.seesProfit || !needsProfit(k)).map((kind) => ({
    kind,
    label: KIND_LABELS[kind],
    restricted: needsProfit(kind),
    defaults: DEFAULT_PARAMS[kind] as RuleParams,
  }));
  return { items, kinds, canEdit: allows(person, 'edit-alerts') };
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
    await db()
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

async function ruleFor(person: Person, id: string): Promise<AlertRule> {
  const rule = await getRule(await db(), id);
  if (!rule || !visibleTo(person, rule))
    throw new DashboardError('NOT_FOUND', 'This alert rule no longer exists (it was removed). Reload to see the list.');
  return rule;
}

async function answer(id: string): Promise<AlertRuleItem> {
  const person = servingPerson();
  const store = await db();
  const [rule, names, muted, open] = await Promise.all([
    ruleFor(person, id),
    shopNames(),
    mutedRules(store, person.id),
    openCounts(store),
  ]);
  return itemOf(rule, names, muted, open);
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
  const id = await insertRule(await db(), rule, person.name, Date.now());
  return answer(id);
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
    await db(),
    id,
    {
      enabled: change.enabled,
      params: change.params === undefined ? undefined : checkParams(rule.kind, change.params),
      channels: change.channels === undefined ? undefined : await checkChannels(change.channels),
      cooldownHours: change.cooldownHours === undefined ? undefined : checkCooldown(change.cooldownHours),
    },
    Date.now(),
  );
  return answer(id);
}

export async function removeRule(id: string): Promise<{ deleted: true }> {
  const person = servingPerson();
  const rule = await ruleFor(person, id);
  if (rule.shopId === null && !seesAllShops(person.role))
    throw new DashboardError(
      'FORBIDDEN_ROLE',
      'Only the owner and admins remove a rule for every shop; nothing was changed.',
    );
  await deleteRule(await db(), id);
  return { deleted: true };
}

export async function muteRule(id: string, muted: boolean): Promise<AlertRuleItem> {
  const person = servingPerson();
  await ruleFor(person, id);
  await setMuted(await db(), person.id, id, muted);
  return answer(id);
}

export async function loadDigest(): Promise<DigestPrefs> {
  const store = await db();
  const person = servingPerson();
  const [row, sent] = await Promise.all([
    store.selectFrom('st_digest_pref').selectAll().where('person_id', '=', person.id).executeTakeFirst(),
    store
      .selectFrom('st_digest_sent')
      .selectAll()
      .where('person_id', '=', person.id)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const visible = sent !== undefined && (person.shops === 'all' || person.shops.includes(sent.shop_id));
  return {
    daily: row?.daily === 1,
    weekly: row?.weekly === 1,
    hour: row ? Number(row.hour) : 8,
    attachXlsx: row?.attach_xlsx === 1,
    emailEnabled: mailEnabled(),
    last: visible
      ? {
          shopId: sent.shop_id,
          shopName: (await shopNames()).get(sent.shop_id) ?? sent.shop_id,
          period: sent.period,
          state: sent.state as 'sending' | 'sent' | 'retry' | 'failed',
          at: Number(sent.at),
          error: sent.error,
        }
      : null,
  };
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
    await db()
  )
    .insertInto('st_digest_pref')
    .values(row)
    .onConflict((oc) => oc.column('person_id').doUpdateSet(row))
    .execute();
  return loadDigest();
}
