import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addChannel, listChannels } from '@/lib/alerts/channels';
import { enqueueDeliveries, listDeliveries, runDueDeliveries, sendTest } from '@/lib/alerts/deliveries';
import { alertPayload } from '@/lib/alerts/payload';
import type { AlertChannelBody } from '@/lib/alerts/schemas';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { openOrderStore, type OrderStore } from '@/lib/store';

// Alerts leaving the dashboard (SQLite): a real receiver on loopback that checks the Standard
// Webhooks signature as any receiver would, a Slack stand-in, and an SMTP server. What is asserted
// is what a person notices: the receiver got the message once, or the log says it failed and why.

interface Received {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
  verified: boolean;
}

const received: Received[] = [];
/** The signing secret the receiver checks, per path (as a receiver configured with it would). */
const secrets = new Map<string, string>();
const receiver: Server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    if (path.startsWith('/hang')) return; // never answers
    const body = Buffer.concat(chunks).toString('utf8');
    const secret = secrets.get(path);
    let verified = false;
    try {
      if (secret) verified = (new Webhook(secret).verify(body, request.headers as Record<string, string>), true);
    } catch {
      verified = false;
    }
    received.push({ path, body, headers: request.headers, verified });
    if (path.startsWith('/moved')) response.setHeader('location', `${base}/ok/moved`);
    response.statusCode = path.startsWith('/fail')
      ? 500
      : path.startsWith('/moved')
        ? 307
        : secret && !verified
          ? 401
          : 200;
    response.end('ok');
  });
});

const mails: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('nobody@'))
      return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    callback();
  },
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => mails.push(mail))
      .then(() => done(), done);
  },
});

let dir = '';
let store: OrderStore;
let base = '';
let smtpPort = 0;
const useConfig = (allowPrivate: boolean) =>
  setServerConfigForTests(
    parseServerConfig({
      ...(allowPrivate ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'alerts@shop.example',
      PUBLIC_URL: 'https://profit.shop.example',
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'alert-deliveries-'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  setServerConfigForTests(undefined);
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 10, 25, 9, 0);
const OWNER = { id: 'person-1', name: 'Olive Owner' };
let alertCount = 0;
const ALERT = {
  ruleId: 'rule-1',
  shopId: 'shop-1',
  kind: 'margin-drop',
  title: 'Margin fell to 12% on Acme Tee',
  message: 'The margin of SKU ACME-TEE fell to 12% (it was 31% over the last 28 days).',
  figure: { value: 12, baseline: 31, unit: 'percent' as const, currency: 'EUR' },
  link: '/sku-profit?shop=shop-1&q=ACME-TEE',
  openedAt: T0,
};

beforeEach(async () => {
  useConfig(true);
  received.length = 0;
  mails.length = 0;
  store = await openOrderStore({ sqliteFile: join(dir, `store-${Math.random().toString(36).slice(2)}.db`) });
  return () => store.close();
});

async function channel(kind: AlertChannelBody['kind'], target: string) {
  const created = await addChannel(store.db, OWNER, { kind, name: `${kind} ${target}`, target }, T0);
  const path = target.startsWith(base) ? target.slice(base.length) : '';
  if (created.signingSecret) secrets.set(path, created.signingSecret);
  return created;
}

/** An alert that opened, queued to `channelIds`. */
async function alertTo(channelIds: string[]) {
  const id = `alert-${++alertCount}`;
  const alert = { ...ALERT, id };
  const { ruleId, shopId, figure, openedAt, ...words } = alert;
  // The log names the alert's title: the alert is in the store as the evaluation leaves it.
  const row = { ...words, rule_id: ruleId, shop_id: shopId, subject: 'ACME-TEE', seq: alertCount, needs_profit: 1 };
  const times = { opened_at: openedAt, last_seen_at: openedAt, cleared_at: null, figure: JSON.stringify(figure) };
  await store.db
    .insertInto('st_alert')
    .values({ ...row, ...times })
    .execute();
  const payload = alertPayload(alert, 'Acme Store');
  return { id, payload, queued: await enqueueDeliveries(store.db, { id }, channelIds, payload, T0, 'alert') };
}

describe('webhook deliveries', () => {
  it('delivers an alert once, signed so the receiver verifies it, and the log says sent', async () => {
    const { channel: webhook, signingSecret } = await channel('webhook', `${base}/ok/a`);
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook.targetHint).toBe(new URL(base).host);
    const { id, payload, queued } = await alertTo([webhook.id]);

    expect(await runDueDeliveries(store.db, T0)).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect(received[0]!.headers['webhook-id']).toBe(queued[0]);
    expect(JSON.parse(received[0]!.body)).toEqual(payload);
    expect(payload.data.link).toBe('https://profit.shop.example/sku-profit?shop=shop-1&q=ACME-TEE');

    // The same alert queued again (another evaluation) and another run send nothing more.
    expect(await enqueueDeliveries(store.db, { id }, [webhook.id], payload, T0 + 1000, 'alert')).toEqual([]);
    expect(await runDueDeliveries(store.db, T0 + 60_000)).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(received).toHaveLength(1);

    const [logged] = await listDeliveries(store.db);
    expect(logged).toMatchObject({ state: 'sent', attempts: 1, lastStatus: 200, alertTitle: payload.data.title });
    expect((await listChannels(store.db))[0]!.lastDelivery).toMatchObject({ state: 'sent', lastError: null });
    // The URL is sealed at rest: the store does not hold it in clear.
    const row = await store.db.selectFrom('st_alert_channel').selectAll().executeTakeFirstOrThrow();
    expect(row.target).not.toContain('/ok/a');
  });

  it('retries a receiver answering 500 with backoff, then fails with the reason after 6 attempts', async () => {
    const { channel: webhook } = await channel('webhook', `${base}/fail/b`);
    await alertTo([webhook.id]);
    const steps = [0, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
    let now = T0;
    for (const [i, step] of steps.entries()) {
      now += step;
      // Just before it is due again nothing is sent.
      if (i > 0) expect(await runDueDeliveries(store.db, now - 1)).toEqual({ sent: 0, failed: 0, retried: 0 });
      const outcome = await runDueDeliveries(store.db, now);
      expect(outcome).toEqual(i < 5 ? { sent: 0, failed: 0, retried: 1 } : { sent: 0, failed: 1, retried: 0 });
    }
    expect(received).toHaveLength(6);
    const [logged] = await listDeliveries(store.db);
    expect(logged).toMatchObject({ state: 'failed', attempts: 6, lastStatus: 500, nextAt: null });
    expect(logged!.lastError).toMatch(/answered 500.*Gave up after 6 attempts/);
    expect(await runDueDeliveries(store.db, now + 86_400_000)).toEqual({ sent: 0, failed: 0, retried: 0 });
  });

  it('gives a hanging receiver the timeout, says so, and tries again later', async () => {
    const { channel: webhook } = await channel('webhook', `${base}/hang/c`);
    await alertTo([webhook.id]);
    expect(await runDueDeliveries(store.db, T0, { timeoutMs: 300 })).toEqual({ sent: 0, failed: 0, retried: 1 });
    const [logged] = await listDeliveries(store.db);
    expect(logged).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null, nextAt: T0 + 30_000 });
    expect(logged!.lastError).toBe('No answer within 0.3 s.');
  });

  it('does not follow a redirect: failed at once, and the log says why', async () => {
    const { channel: webhook } = await channel('webhook', `${base}/moved/g`);
    await alertTo([webhook.id]);
    expect(await runDueDeliveries(store.db, T0)).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(received.map((r) => r.path)).toEqual(['/moved/g']);
    expect((await listDeliveries(store.db))[0]!.lastError).toMatch(/answered a redirect \(307\)/);
  });

  it('sends once when two instances run the worker at the same moment', async () => {
    const other = await openOrderStore({ sqliteFile: join(dir, 'shared.db') });
    const first = await openOrderStore({ sqliteFile: join(dir, 'shared.db') });
    try {
      const { channel: webhook } = await addChannel(
        first.db,
        OWNER,
        { kind: 'webhook', name: 'Both', target: `${base}/ok/d` },
        T0,
      );
      await enqueueDeliveries(first.db, null, [webhook.id], alertPayload({ ...ALERT, id: 'x' }, null), T0, 'alert');
      const outcomes = await Promise.all([runDueDeliveries(first.db, T0), runDueDeliveries(other.db, T0)]);
      expect(outcomes.map((o) => o.sent).sort()).toEqual([0, 1]);
      expect(received.filter((r) => r.path === '/ok/d')).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), other.close()]);
    }
  });

  it('refuses loopback, private and metadata addresses when WEBHOOK_ALLOW_PRIVATE is off', async () => {
    const allowed = await channel('webhook', `${base}/ok/e`);
    useConfig(false);
    for (const target of [
      'http://127.0.0.1:9/hook',
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const refused = addChannel(store.db, OWNER, { kind: 'webhook', name: 'Inside', target }, T0);
      await expect(refused).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: /a private or local address/ });
    }
    // A channel added while allowed is refused at sending too, at once and for good.
    await alertTo([allowed.channel.id]);
    expect(await runDueDeliveries(store.db, T0)).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(received).toHaveLength(0);
    expect((await listDeliveries(store.db))[0]!.lastError).toMatch(/127\.0\.0\.1, a private or local address/);
  });

  it('refuses an email channel on a server that sends no email, with what to do instead', async () => {
    setServerConfigForTests(parseServerConfig({ PUBLIC_URL: 'https://profit.shop.example' }));
    try {
      const refused = addChannel(store.db, OWNER, { kind: 'email', name: 'Me', target: 'me@shop.example' }, T0);
      await expect(refused).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: /sends no email.*SMTP_URL/ });
      expect((await listChannels(store.db)).some((c) => c.name === 'Me')).toBe(false);
    } finally {
      useConfig(false);
    }
  });

  it('sends a test at once and answers the delivery after that attempt', async () => {
    const { channel: webhook } = await channel('webhook', `${base}/ok/f`);
    const item = await sendTest(store.db, webhook.id, T0);
    expect(item).toMatchObject({ purpose: 'test', state: 'sent', attempts: 1, channelName: webhook.name });
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'test', data: { kind: 'test' } });
  });
});

describe('Slack and email deliveries', () => {
  it('posts the alert to a Slack incoming webhook as text', async () => {
    const { channel: slack } = await channel('slack', `${base}/slack/T0/B0/secret`);
    await alertTo([slack.id]);
    expect(await runDueDeliveries(store.db, T0)).toMatchObject({ sent: 1 });
    const body = JSON.parse(received[0]!.body) as { text: string };
    expect(body.text).toContain('*Margin fell to 12% on Acme Tee*');
    expect(body.text).toContain(
      '<https://profit.shop.example/sku-profit?shop=shop-1&q=ACME-TEE|Open in the dashboard>',
    );
    expect(slack.targetHint).not.toContain('secret');
  });

  it('emails the alert through the SMTP server', async () => {
    const { channel: email } = await channel('email', 'ines@shop.example');
    await alertTo([email.id]);
    expect(await runDueDeliveries(store.db, T0)).toMatchObject({ sent: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Margin fell to 12% on Acme Tee (Acme Store)');
    expect(mails[0]!.text).toContain('The margin of SKU ACME-TEE fell to 12%');
    expect(mails[0]!.text).toContain('https://profit.shop.example/sku-profit?shop=shop-1&q=ACME-TEE');
  });

  it('fails at once, without retrying, an address the mail server refuses', async () => {
    const { channel: email } = await channel('email', 'nobody@shop.example');
    await alertTo([email.id]);
    expect(await runDueDeliveries(store.db, T0)).toEqual({ sent: 0, failed: 1, retried: 0 });
    const [logged] = await listDeliveries(store.db);
    expect(logged).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 550 });
    expect(logged!.lastError).toBe('The mail server refused the address (550).');
    expect(mails).toHaveLength(0);
  });

  it('refuses an email channel whose address is not one', async () => {
    await expect(channel('email', 'not-an-address')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
