import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { body, call, freshIp, ORIGIN, postLogin } from './support';

// With SMTP configured, an invitation and a reset link reach the person by email (an SMTP server
// on loopback receives them); the emailed link works once. With the mail server gone, the
// invitation still exists and the answer says the email was not sent.

const { POST: inviteRoute } = await import('@/app/api/dashboard/team/invitations/route');
const { POST: useLinkRoute } = await import('@/app/api/dashboard/links/[token]/route');

const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => received.push(mail))
      .then(() => done(), done);
  },
});

interface Invited {
  path: string;
  emailed: boolean;
  emailProblem?: string;
}

describe('invitations by email', () => {
  routesFixture({ orders: 10, postgres: false, engine: false });
  let port = 0;
  let owner = '';
  const useConfig = (smtpPort: number) =>
    setServerConfigForTests(
      parseServerConfig({
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'dashboard@shop.example',
        PUBLIC_URL: 'https://profit.shop.example',
      }),
    );
  const invite = async (email: string) => {
    const response = await call(inviteRoute, '/api/dashboard/team/invitations', {
      method: 'POST',
      cookie: owner,
      ip: freshIp(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'viewer', seesProfit: false, shops: [] }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await body<{ data: Invited }>(response)).data;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    useConfig(port);
    owner = (
      (await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example')).headers.get('set-cookie') ?? ''
    ).split(';')[0]!;
  }, 60_000);
  afterAll(async () => {
    setServerConfigForTests(undefined);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('emails the one-time link to the invited person, and the emailed link works', async () => {
    const answer = await invite('ines@team.example');
    expect(answer).toMatchObject({ emailed: true });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    const mail = received[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ines@team.example');
    expect(mail.from?.text).toBe('dashboard@shop.example');
    expect(mail.subject).toMatch(/invited you/);
    const url = /https:\/\/profit\.shop\.example\/join\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(url).toBe(`https://profit.shop.example${answer.path}`);
    const token = url!.split('/').pop()!;
    const joined = await call(useLinkRoute, `/api/dashboard/links/${token}`, {
      method: 'POST',
      params: { token },
      ip: freshIp(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ines', password: 'a long and uncommon passphrase' }),
    });
    expect(joined.status).toBe(200);
  });

  it('with the mail server gone, the invitation still exists and the answer says the email was not sent', async () => {
    useConfig(1);
    const answer = await invite('otto@team.example');
    expect(answer.emailed).toBe(false);
    expect(answer.emailProblem).toMatch(/not sent: the mail server did not take it/);
    expect(answer.path).toMatch(/^\/join\//);
    expect(answer.emailProblem).not.toContain('127.0.0.1');
    useConfig(port);
  });
});
