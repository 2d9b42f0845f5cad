import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AlertChannelBody, ChannelCreated, ChannelItem, ChannelKind, DeliveryState } from '@/lib/alerts/schemas';
import { DashboardError } from '@/lib/api/dashboard-error';
import { currentKeyring, openSecret, sealSecret } from '@/lib/secrets';
import type { StoreDatabase } from '@/lib/store';
import type { AlertChannelTable } from '@/lib/store/alert-tables';
import { checkWebhookUrl } from './ssrf';
import { mailEnabled } from '@/lib/mail';

// Alert channels in the store: an email address as is; a Slack or webhook URL sealed (lib/secrets,
// bound to the channel's row) since whoever has it can post to it, and a webhook's signing secret
// sealed too, shown once when the channel is added. Lists show a hint of the target, never the URL.

type Db = Kysely<StoreDatabase>;

/** A channel as sent to: its target and secret opened. */
export interface OpenedChannel {
  id: string;
  kind: ChannelKind;
  name: string;
  target: string;
  secret: string | null;
}

const sealContext = (id: string, part: 'target' | 'secret') => `st_alert_channel:${id}:${part}`;
const subjectOf = (name: string, part: 'target' | 'secret') =>
  part === 'target' ? `The address of channel "${name}"` : `The signing secret of channel "${name}"`;

const isEmail = (text: string) => z.email().safeParse(text).success;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function toItem(row: AlertChannelTable, last: ChannelItem['lastDelivery']): ChannelItem {
  return {
    id: row.id,
    kind: row.kind as ChannelKind,
    name: row.name,
    targetHint: row.target_hint,
    createdAt: Number(row.created_at),
    lastDelivery: last,
  };
}

/**
 * Adds a channel (the body parsed by alertChannelBodySchema). A webhook's signing secret is in the
 * answer, once. Refuses an address that is not an email address, or a URL the guard refuses, with
 * its sentence; a SecretsError when SECRETS_KEY cannot seal.
 */
export async function addChannel(
  db: Db,
  person: { id: string; name: string } | null,
  body: AlertChannelBody,
  now = Date.now(),
): Promise<ChannelCreated> {
  const id = randomUUID();
  const target = body.target.trim();
  let row: AlertChannelTable;
  let signingSecret: string | null = null;
  if (body.kind === 'email') {
    if (!isEmail(target)) throw new DashboardError('INVALID_REQUEST', 'target: must be an email address');
    // An email channel on a server that cannot send mail would look set up and deliver nothing.
    if (!mailEnabled())
      throw new DashboardError(
        'INVALID_REQUEST',
        'target: this server sends no email (SMTP_URL and MAIL_FROM are not set): add a Slack or webhook channel, or ask whoever runs the dashboard to configure email',
      );
    row = { ...base(id, body, person, now), target, target_hint: target, secret_sealed: null };
  } else {
    const problem = await checkWebhookUrl(target);
    if (problem !== null) throw new DashboardError('INVALID_REQUEST', `target: ${problem}`);
    const keyring = currentKeyring();
    if (body.kind === 'webhook') signingSecret = newSigningSecret();
    row = {
      ...base(id, body, person, now),
      target: sealSecret(target, keyring, sealContext(id, 'target'), subjectOf(body.name, 'target')),
      target_hint: new URL(target).host,
      secret_sealed:
        signingSecret === null
          ? null
          : sealSecret(signingSecret, keyring, sealContext(id, 'secret'), subjectOf(body.name, 'secret')),
    };
  }
  await db.insertInto('st_alert_channel').values(row).execute();
  return { channel: toItem(row, null), signingSecret };
}

function base(id: string, body: AlertChannelBody, person: { id: string } | null, now: number) {
  return { id, kind: body.kind, name: body.name, created_by: person?.id ?? null, created_at: now };
}

/** Every channel, oldest first, each with its latest delivery. */
export async function listChannels(db: Db): Promise<ChannelItem[]> {
  const rows = await db.selectFrom('st_alert_channel').selectAll().orderBy('created_at').orderBy('id').execute();
  const latest = await db
    .selectFrom('st_alert_delivery as d')
    .select(['d.channel_id', 'd.state', 'd.updated_at', 'd.last_error'])
    .where((eb) =>
      eb(
        'd.updated_at',
        '=',
        eb
          .selectFrom('st_alert_delivery as e')
          .select((e) => e.fn.max('e.updated_at').as('m'))
          .whereRef('e.channel_id', '=', 'd.channel_id'),
      ),
    )
    .execute();
  const last = new Map<string, ChannelItem['lastDelivery']>();
  for (const d of latest)
    if (!last.has(d.channel_id))
      last.set(d.channel_id, {
        state: d.state as DeliveryState,
        updatedAt: Number(d.updated_at),
        lastError: d.last_error,
      });
  return rows.map((row) => toItem(row, last.get(row.id) ?? null));
}

const notFound = () =>
  new DashboardError('NOT_FOUND', 'This channel no longer exists (it was removed). Reload to see the list.');

/** Removes a channel and what it still had to send; its past deliveries stay in the log. */
export async function removeChannel(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('st_alert_channel').where('id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound();
    await trx.deleteFrom('st_alert_delivery').where('channel_id', '=', id).where('state', '=', 'pending').execute();
  });
}

/** A channel with its target and secret opened, to send to (a SecretsError when they do not open). */
export async function openChannel(db: Db, id: string): Promise<OpenedChannel> {
  const row = await db.selectFrom('st_alert_channel').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const keyring = currentKeyring();
  const sealed = row.kind !== 'email';
  return {
    id: row.id,
    kind: row.kind as ChannelKind,
    name: row.name,
    target: sealed
      ? openSecret(row.target, keyring, sealContext(id, 'target'), subjectOf(row.name, 'target'))
      : row.target,
    secret:
      row.secret_sealed === null
        ? null
        : openSecret(row.secret_sealed, keyring, sealContext(id, 'secret'), subjectOf(row.name, 'secret')),
  };
}
