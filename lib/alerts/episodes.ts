import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AlertTable } from '@/lib/store/alert-tables';
import type { StoreDatabase } from '@/lib/store/schema';
import { withLocale } from '@/lib/format/locale';
import { formatSentence } from '@/lib/format/sentence';
import type { Finding } from './context';

/** A finding's words: the sentences (each reader's locale), and in en-US for the channels and older readers. */
function wordsOf(f: Finding): Pick<AlertTable, 'title' | 'message' | 'words'> {
  return {
    ...withLocale('en-US', () => ({ title: formatSentence(f.title), message: formatSentence(f.message) })),
    words: JSON.stringify({ title: f.title, message: f.message }),
  };
}

// Episodes (docs/ARCHITECTURE.md#alerts): a condition that starts holding for a subject opens an
// alert; while it holds, the alert is only brought up to date; when it stops holding, the alert is
// cleared, and the next time it holds is a new episode. A condition that holds past the rule's
// cooldown starts a new episode too (a reminder). An episode is the row (rule, shop, subject, seq),
// unique in the store: two evaluations at once (a restart, two instances) both try to insert the
// same next seq, and only the one whose insert lands sends anything.

export interface EpisodeRule {
  id: string;
  kind: string;
  cooldownHours: number;
  needsProfit: boolean;
}

type Db = Kysely<StoreDatabase>;

/** Records what an evaluation found for one rule on one shop; answers the alerts it opened (to send). */
export async function recordFindings(
  db: Db,
  rule: EpisodeRule,
  shopId: string,
  findings: readonly Finding[],
  now: number,
): Promise<AlertTable[]> {
  const latest = await db
    .selectFrom('st_alert')
    .select(['id', 'subject', 'seq', 'opened_at', 'cleared_at'])
    .where('rule_id', '=', rule.id)
    .where('shop_id', '=', shopId)
    .where((eb) =>
      eb.or([
        eb('cleared_at', 'is', null),
        ...(findings.length > 0
          ? [
              eb(
                'subject',
                'in',
                findings.map((f) => f.subject),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('seq', 'desc')
    .execute();
  const bySubject = new Map<string, (typeof latest)[number]>();
  for (const row of latest) if (!bySubject.has(row.subject)) bySubject.set(row.subject, row);

  const cooldownMs = rule.cooldownHours * 3_600_000;
  const opened: AlertTable[] = [];
  const holding = new Set<string>();
  for (const f of findings) {
    if (holding.has(f.subject)) continue;
    holding.add(f.subject);
    const last = bySubject.get(f.subject);
    const open = last && last.cleared_at === null;
    if (open && now - Number(last.opened_at) < cooldownMs) {
      await db
        .updateTable('st_alert')
        .set({ last_seen_at: now, ...wordsOf(f), figure: JSON.stringify(f.figure) })
        .where('id', '=', last.id)
        .execute();
      continue;
    }
    if (open) await db.updateTable('st_alert').set({ cleared_at: now }).where('id', '=', last.id).execute();
    const row: AlertTable = {
      id: randomUUID(),
      rule_id: rule.id,
      shop_id: shopId,
      subject: f.subject,
      seq: (last?.seq ?? 0) + 1,
      kind: rule.kind,
      ...wordsOf(f),
      figure: JSON.stringify(f.figure),
      link: f.link,
      needs_profit: rule.needsProfit ? 1 : 0,
      opened_at: now,
      last_seen_at: now,
      cleared_at: null,
    };
    const inserted = await db
      .insertInto('st_alert')
      .values(row)
      .onConflict((oc) => oc.columns(['rule_id', 'shop_id', 'subject', 'seq']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) opened.push(row);
  }
  // Subjects whose condition no longer holds: their episode ends.
  const ended = latest.filter((r) => r.cleared_at === null && !holding.has(r.subject)).map((r) => r.id);
  if (ended.length > 0)
    await db
      .updateTable('st_alert')
      .set({ cleared_at: now })
      .where('id', 'in', ended)
      .where('cleared_at', 'is', null)
      .execute();
  return opened;
}
