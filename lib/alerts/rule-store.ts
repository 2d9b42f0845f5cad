import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AlertRuleTable } from '@/lib/store/alert-tables';
import type { StoreDatabase } from '@/lib/store/schema';
import { isAlertKind, needsProfit, RULE_PARAMS, type AlertKind, type RuleParams } from './rules';

// Alert rules in the store, and each person's mutes. The rules' thresholds are checked by their
// kind's schema (./rules) before they are written, and read back through it.

type Db = Kysely<StoreDatabase>;

export interface AlertRule {
  id: string;
  shopId: string | null;
  kind: AlertKind;
  params: RuleParams;
  channels: string[];
  cooldownHours: number;
  enabled: boolean;
  createdBy: string | null;
  createdAt: number;
  needsProfit: boolean;
}

function ruleOf(row: AlertRuleTable): AlertRule | null {
  if (!isAlertKind(row.kind)) return null;
  const params = RULE_PARAMS[row.kind].safeParse(JSON.parse(row.params));
  if (!params.success) return null;
  return {
    id: row.id,
    shopId: row.shop_id,
    kind: row.kind,
    params: params.data,
    channels: JSON.parse(row.channels) as string[],
    cooldownHours: Number(row.cooldown_hours),
    enabled: Number(row.enabled) === 1,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    needsProfit: needsProfit(row.kind),
  };
}

/** Every rule (newest first); `shopId` narrows to the rules that watch it (its own and every shop's). */
export async function listRules(
  db: Db,
  options: { shopId?: string; enabledOnly?: boolean } = {},
): Promise<AlertRule[]> {
  let query = db.selectFrom('st_alert_rule').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (options.shopId !== undefined)
    query = query.where((eb) => eb.or([eb('shop_id', '=', options.shopId!), eb('shop_id', 'is', null)]));
  if (options.enabledOnly) query = query.where('enabled', '=', 1);
  return (await query.execute()).map(ruleOf).filter((r): r is AlertRule => r !== null);
}

export async function getRule(db: Db, id: string): Promise<AlertRule | null> {
  const row = await db.selectFrom('st_alert_rule').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ruleOf(row) : null;
}

export interface NewRule {
  shopId: string | null;
  kind: AlertKind;
  params: RuleParams;
  channels: string[];
  cooldownHours: number;
}

export async function insertRule(db: Db, rule: NewRule, createdBy: string | null, now: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('st_alert_rule')
    .values({
      id,
      shop_id: rule.shopId,
      kind: rule.kind,
      params: JSON.stringify(rule.params),
      channels: JSON.stringify(rule.channels),
      cooldown_hours: rule.cooldownHours,
      enabled: 1,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateRule(
  db: Db,
  id: string,
  change: { enabled?: boolean; params?: RuleParams; channels?: string[]; cooldownHours?: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('st_alert_rule')
    .set({
      updated_at: now,
      ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
      ...(change.params !== undefined ? { params: JSON.stringify(change.params) } : {}),
      ...(change.channels !== undefined ? { channels: JSON.stringify(change.channels) } : {}),
      ...(change.cooldownHours !== undefined ? { cooldown_hours: change.cooldownHours } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a rule with its alerts, their reads and mutes (its delivery log stays, naming no alert). */
export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const alerts = tx.selectFrom('st_alert').select('id').where('rule_id', '=', id);
    await tx.deleteFrom('st_alert_read').where('alert_id', 'in', alerts).execute();
    await tx.updateTable('st_alert_delivery').set({ alert_id: null }).where('alert_id', 'in', alerts).execute();
    await tx.deleteFrom('st_alert').where('rule_id', '=', id).execute();
    await tx.deleteFrom('st_alert_mute').where('rule_id', '=', id).execute();
    await tx.deleteFrom('st_alert_rule').where('id', '=', id).execute();
  });
}

export async function mutedRules(db: Db, personId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('st_alert_mute').select('rule_id').where('person_id', '=', personId).execute();
  return new Set(rows.map((r) => r.rule_id));
}

export async function setMuted(db: Db, personId: string, ruleId: string, muted: boolean): Promise<void> {
  if (muted)
    await db
      .insertInto('st_alert_mute')
      .values({ person_id: personId, rule_id: ruleId })
      .onConflict((oc) => oc.columns(['person_id', 'rule_id']).doNothing())
      .execute();
  else await db.deleteFrom('st_alert_mute').where('person_id', '=', personId).where('rule_id', '=', ruleId).execute();
}

/** Open alerts per rule. */
export async function openCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('st_alert')
    .select(['rule_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cleared_at', 'is', null)
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [r.rule_id, Number(r.n)]));
}
