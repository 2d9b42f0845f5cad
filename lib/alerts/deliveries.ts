import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChannelKind, DeliveryItem, DeliveryState } from '@/lib/alerts/schemas';
import { DashboardError } from '@/lib/api/dashboard-error';
import { logWarning } from '@/lib/log';
import type { StoreDatabase } from '@/lib/store';
import { openChannel, type OpenedChannel } from './channels';
import { messageFor, testPayload, type ChannelMessage, type WebhookPayload } from './payload';
import { sendToChannel, type SendOptions, type SendResult } from './send';

// The delivery log and its worker. A delivery is queued once per alert and channel (a unique
// index: a second evaluation queues nothing), then claimed by one sender at a time: the claim is an
// UPDATE guarded by the same condition that made it due, so of two instances only one changes the
// row and sends. A failure that may pass is tried again later (30 s, 2 min, 10 min, 1 h, 6 h);
// after the sixth attempt, or at once when sending again cannot help, the delivery is failed with
// its reason.

type Db = Kysely<StoreDatabase>;

const CLAIM_MS = 60_000;
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
const MAX_ATTEMPTS = BACKOFF_MS.length + 1;

/**
 * Queues `payload` (what messageFor renders per channel kind) for each channel, due at `now`; the
 * ids queued (none for a channel that already has this alert, or that no longer exists).
 */
export async function enqueueDeliveries(
  db: Db,
  alert: { id: string } | null,
  channelIds: string[],
  payload: WebhookPayload,
  now: number,
  purpose: 'alert' | 'test',
): Promise<string[]> {
  if (channelIds.length === 0) return [];
  const channels = await db
    .selectFrom('st_alert_channel')
    .select(['id', 'kind'])
    .where('id', 'in', channelIds)
    .execute();
  const ids: string[] = [];
  for (const channel of channels) {
    const id = randomUUID();
    const row = {
      id,
      alert_id: alert?.id ?? null,
      channel_id: channel.id,
      purpose,
      payload: JSON.stringify(messageFor(channel.kind as ChannelKind, payload)),
      state: 'pending',
      attempts: 0,
      next_at: now,
      claimed_until: null,
      last_status: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    };
    const inserted = await db
      .insertInto('st_alert_delivery')
      .values(row)
      .onConflict((oc) => oc.columns(['alert_id', 'channel_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) ids.push(id);
  }
  return ids;
}

export type Sender = (channel: OpenedChannel, deliveryId: string, message: ChannelMessage) => Promise<SendResult>;

export interface RunOptions extends SendOptions {
  /** At most this many deliveries per run (20), sent together. */
  limit?: number;
  /** Only these deliveries (a test sent at once). */
  ids?: string[];
  /** Sends one message (sendToChannel). */
  send?: Sender;
}

export interface RunOutcome {
  sent: number;
  failed: number;
  retried: number;
}

type Outcome = keyof RunOutcome;

/** Sends what is due; a delivery that cannot be sent is recorded, never thrown. */
export async function runDueDeliveries(db: Db, now = Date.now(), options: RunOptions = {}): Promise<RunOutcome> {
  let candidates = db
    .selectFrom('st_alert_delivery')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_at')
    .limit(options.limit ?? 20);
  if (options.ids) candidates = candidates.where('id', 'in', options.ids.length > 0 ? options.ids : ['']);
  const ids = (await candidates.execute()).map((row) => row.id);
  const claimedUntil = now + CLAIM_MS;
  const claimed: string[] = [];
  for (const id of ids) {
    const update = await db
      .updateTable('st_alert_delivery')
      .set({ claimed_until: claimedUntil })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    // No row changed: another sender claimed it first.
    if (Number(update.numUpdatedRows) === 1) claimed.push(id);
  }
  const outcomes = await Promise.all(claimed.map((id) => attempt(db, id, now, claimedUntil, options)));
  const total: RunOutcome = { sent: 0, failed: 0, retried: 0 };
  for (const outcome of outcomes) if (outcome) total[outcome] += 1;
  return total;
}

async function attempt(
  db: Db,
  id: string,
  now: number,
  claimedUntil: number,
  options: RunOptions,
): Promise<Outcome | null> {
  try {
    const row = await db.selectFrom('st_alert_delivery').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const result = await sendOne(db, row.channel_id, id, JSON.parse(row.payload) as ChannelMessage, options);
    const attempts = row.attempts + 1;
    const outcome: Outcome = result.ok ? 'sent' : result.retry && attempts < MAX_ATTEMPTS ? 'retried' : 'failed';
    const error = result.ok
      ? null
      : outcome === 'failed' && result.retry
        ? `${result.error} Gave up after ${attempts} attempts.`
        : result.error;
    await db
      .updateTable('st_alert_delivery')
      .set({
        state: outcome === 'retried' ? 'pending' : outcome,
        attempts,
        next_at: outcome === 'retried' ? now + BACKOFF_MS[attempts - 1]! : now,
        claimed_until: null,
        last_status: result.status,
        last_error: error,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('claimed_until', '=', claimedUntil)
      .execute();
    return outcome;
  } catch (error) {
    logWarning('alerts', 'A delivery could not be recorded', error);
    return null;
  }
}

async function sendOne(
  db: Db,
  channelId: string,
  id: string,
  message: ChannelMessage,
  options: RunOptions,
): Promise<SendResult> {
  let channel: OpenedChannel;
  try {
    channel = await openChannel(db, channelId);
  } catch (error) {
    if (error instanceof DashboardError)
      return { ok: false, status: null, error: 'The channel was removed.', retry: false };
    // SECRETS_KEY cannot open the channel's URL: it may be put right (SECRETS_KEY_PREVIOUS) meanwhile.
    return { ok: false, status: null, error: (error as Error).message, retry: true };
  }
  try {
    return await (options.send ?? ((c, d, m) => sendToChannel(c, d, m, options)))(channel, id, message);
  } catch (error) {
    logWarning('alerts', 'Sending a delivery failed unexpectedly', error);
    return { ok: false, status: null, error: 'The dashboard could not send it (an internal error).', retry: true };
  }
}

/** Queues a sample message to the channel and tries it at once; the delivery after that attempt. */
export async function sendTest(
  db: Db,
  channelId: string,
  now = Date.now(),
  options: SendOptions & { send?: Sender } = {},
): Promise<DeliveryItem> {
  await openChannel(db, channelId);
  const [id] = await enqueueDeliveries(db, null, [channelId], testPayload(now), now, 'test');
  if (!id)
    throw new DashboardError('NOT_FOUND', 'This channel no longer exists (it was removed). Reload to see the list.');
  await runDueDeliveries(db, now, { ...options, ids: [id] });
  const [item] = await deliveryRows(db, 1, id);
  return item!;
}

/** The delivery log, newest first. */
export function listDeliveries(db: Db, limit = 100): Promise<DeliveryItem[]> {
  return deliveryRows(db, limit);
}

async function deliveryRows(db: Db, limit: number, id?: string): Promise<DeliveryItem[]> {
  let query = db
    .selectFrom('st_alert_delivery as d')
    .leftJoin('st_alert_channel as c', 'c.id', 'd.channel_id')
    .leftJoin('st_alert as a', 'a.id', 'd.alert_id')
    .selectAll('d')
    .select(['c.name as channel_name', 'a.title as alert_title'])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit);
  if (id !== undefined) query = query.where('d.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name ?? 'A removed channel',
    purpose: row.purpose === 'test' ? 'test' : 'alert',
    alertTitle: row.alert_title,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAt: row.state === 'pending' ? Number(row.next_at) : null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }));
}
