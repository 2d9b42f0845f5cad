import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { AlertInbox, AlertRuleItem, AlertRules, DigestPrefs } from '@/lib/alerts/schemas';
import { inbox, type InboxReader } from '@/lib/alerts/inbox';
import { getRule, listRules, mutedRules, openCounts, type AlertRule } from '@/lib/alerts/rule-store';
import {
  ALERT_KINDS,
  DEFAULT_PARAMS,
  describeRule,
  KIND_LABELS,
  needsProfit,
  type RuleParams,
} from '@/lib/alerts/rules';
import { mailEnabled } from '@/lib/mail';
import { allows } from '@/lib/team/roles';
import type { Person } from '@/lib/team/people';
import type { Locale } from '@/lib/format/locale';
import { servingPerson } from '../access';
import { connectedShops } from './shops';

// The alerts' API: a person's inbox, the rules (what a person may see of them and change), their
// mutes, and the digest's choices. Channels and deliveries: ./alert-channels; the changes: ../actions/alerts.

export function readerOf(person: Person): InboxReader {
  return { personId: person.id, shopIds: person.shops === 'all' ? null : person.shops, seesProfit: person.seesProfit };
}

async function shopNames(): Promise<Map<string, string>> {
  const shops = await connectedShops().catch(() => []);
  return new Map(shops.map((s) => [s.id, s.shopName]));
}

/** The inbox, its titles and messages written in the person's `locale`. */
export async function loadInbox(unreadOnly: boolean, locale: Locale): Promise<AlertInbox> {
  return inbox(await storeDb(), readerOf(servingPerson()), await shopNames(), { unreadOnly, locale });
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
  const store = await storeDb();
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

export async function ruleFor(person: Person, id: string): Promise<AlertRule> {
  const rule = await getRule(await storeDb(), id);
  if (!rule || !visibleTo(person, rule))
    throw new DashboardError('NOT_FOUND', 'This alert rule no longer exists (it was removed). Reload to see the list.');
  return rule;
}

/** A rule as the person sees it, after a change. */
export async function ruleItem(id: string): Promise<AlertRuleItem> {
  const person = servingPerson();
  const store = await storeDb();
  const [rule, names, muted, open] = await Promise.all([
    ruleFor(person, id),
    shopNames(),
    mutedRules(store, person.id),
    openCounts(store),
  ]);
  return itemOf(rule, names, muted, open);
}

export async function loadDigest(): Promise<DigestPrefs> {
  const store = await storeDb();
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
