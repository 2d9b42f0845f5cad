import { expect, test } from '@playwright/test';
import { freshInstanceEnv, startBuiltApp } from './support/spawn-app';

// A "Sign in" pressed before the page's scripts have loaded (a slow phone): the form posts itself
// to app/login/form as plain HTML, which signs in and answers 303 to the page the person was going
// to, or back to the sign-in page with the reason in words; the owner's set-up form alike. Here the
// browser runs no script at all.

const SETUP_PORT = Number(process.env.E2E_PORT ?? 3999) + 6;

test.use({ javaScriptEnabled: false });

test('without scripts, the sign-in form says a wrong password in words, then signs in and lands on the page asked for', async ({
  page,
}) => {
  await page.goto('/orders');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/orders');
  const email = await page.getByLabel('Email').inputValue();
  expect(email).not.toBe('');

  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('error') === 'WRONG_PASSWORD');
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
  // The way back keeps the email and where the person was going.
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/orders');
  // Signed in: the dashboard's frame (its figures need the scripts this browser does not run).
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute('aria-current', 'page');
  const session = await (await page.request.get('/api/dashboard/session')).json();
  expect(session).toMatchObject({ data: { authenticated: true } });

  // Signed out, a sign-in from the root lands on the overview.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Overview', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a cross-site form cannot sign in: refused by its Origin before the password is looked at', async ({
  request,
  baseURL,
}) => {
  const email = 'owner@demo.example';
  const answer = await request.post(`${baseURL}/login/form`, {
    form: { email, password: 'demo', next: '/' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(answer.headers()['location']).toBe('/login?error=FORBIDDEN_ORIGIN');
  expect(answer.headers()['set-cookie']).toBeUndefined();
});

test("without scripts, the owner's set-up form says a mistake in words, keeps the token, then creates the owner and signs them in", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = `http://127.0.0.1:${SETUP_PORT}`;
  const app = await startBuiltApp(
    SETUP_PORT,
    freshInstanceEnv('setup-no-script', {
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
      UPSTREAM_APP_KEY: 'key',
      UPSTREAM_APP_SECRET: 'the-app-secret-value',
      SESSION_SECRET: 'z'.repeat(40),
      PUBLIC_URL: base,
    }),
  );
  try {
    const link = new RegExp(`${base}/login\\?token=([A-Za-z0-9_-]{43})`).exec(app.output());
    expect(link, app.output()).not.toBeNull();
    const owner = { email: 'first@shop.example', name: 'First', password: 'a long and uncommon passphrase' };
    await page.goto(link![0]);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('New password').fill(owner.password);
    await page.getByLabel('Repeat the password').fill('another long passphrase');
    await page.getByRole('button', { name: 'Create the owner' }).click();
    await page.waitForURL((url) => url.searchParams.get('error') === 'PASSWORDS_DIFFER');
    await expect(page.getByRole('alert')).toHaveText('The two passwords differ.');
    // The token and the email come back filled in; the passwords do not.
    await expect(page.getByLabel('Set-up token')).toHaveValue(link![1]!);
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);

    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('New password').fill(owner.password);
    await page.getByLabel('Repeat the password').fill(owner.password);
    await page.getByRole('button', { name: 'Create the owner' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const session = await (await page.request.get(`${base}/api/dashboard/session`)).json();
    expect(session).toMatchObject({ data: { authenticated: true, person: { email: owner.email, role: 'owner' } } });
  } finally {
    await app.stop();
  }
});
