// The console as a person uses it: a real relay, the real built renderer, Debian's Chromium.
// First run (setup) → home → personal access token → reload → sign out → sign in again.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from './console-harness.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type AppLogger } from '../../relay/index.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = join(repoRoot, 'test-results');

const USERNAME = 'owner.one';
const PASSWORD = 'correct horse battery';

type Relay = Awaited<ReturnType<typeof startRelay>>;

/** Keeps the relay's info lines out of the test output; warnings and errors still show. */
const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };

let workDir = '';
let relay: Relay | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let origin = '';
/** Problems the browser reported: CSP violations and uncaught exceptions. */
const browserProblems: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'relaydesk-console-'));
  const consoleDir = join(workDir, 'console');
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });

  await build({
    configFile: join(repoRoot, 'vite.config.ts'),
    build: { outDir: consoleDir, emptyOutDir: true },
    logLevel: 'silent',
  });

  relay = await startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  origin = new URL(relay.consoleUrl).origin;

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  page = await context.newPage();
  watch(page);
});

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

function watch(target: Page): void {
  target.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) browserProblems.push(message.text());
  });
  target.on('pageerror', (error) => browserProblems.push(`uncaught: ${error.message}`));
}

/** Waits until a heading with this name is visible. */
async function heading(target: Page, name: string): Promise<void> {
  await target.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

async function alertText(target: Page): Promise<string> {
  const alert = target.getByRole('alert');
  await alert.waitFor({ state: 'visible', timeout: 15_000 });
  return (await alert.textContent()) ?? '';
}

async function apiJson(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}${path}`, init);
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Skips steps 2 and 3 of the first-run wizard. */
async function skipWizard(): Promise<void> {
  for (const step of ['Add your first channel', 'Create your first key']) {
    await page.getByRole('heading', { name: step, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: 'Skip this step' }).click();
  }
}

describe('console', () => {
  it('serves the console under the relay, with the setup code field only when the relay asks for it', async () => {
    // Pretend this browser is on another machine of the LAN: the relay then wants the setup code.
    await page.route('**/api/status', async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.setup_code_required = true;
      await route.fulfill({ response, json: body });
    });
    await page.goto(relay!.consoleUrl);
    expect(await page.title()).toBe('Relaydesk');
    await heading(page, 'Create the owner account');
    await page.getByLabel('Setup code').waitFor();
    expect(await page.getByText('printed in the terminal where Relaydesk started').count()).toBe(1);
    await page.unroute('**/api/status');

    await page.reload();
    await heading(page, 'Create the owner account');
    expect(await page.getByLabel('Setup code').count()).toBe(0);
  });

  it('validates the setup form inline before sending anything', async () => {
    const setupPosts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/setup')) setupPosts.push(request.url());
    };
    page.on('request', onRequest);

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter a username.').waitFor();
    expect(await page.getByText('Enter a password.').count()).toBe(1);

    await page.getByLabel('Username').fill('bad name!');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Use only letters, digits, and _ . -').waitFor();
    expect(await page.getByText('Use at least 8 characters.').count()).toBe(1);
    expect(await page.getByText('The passwords do not match.').count()).toBe(1);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    // The first invalid field gets the focus.
    expect(await page.evaluate('document.activeElement && document.activeElement.name')).toBe('username');

    await page.getByLabel('Username').fill('x'.repeat(33));
    expect(await page.getByText('Use at most 32 characters.').count()).toBe(1);

    page.off('request', onRequest);
    expect(setupPosts).toEqual([]);
  });

  it('creates the owner account and lands on the signed-in home', async () => {
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The first-run wizard offers a channel and a key next: skipped here (console-wizard.test.ts covers them).
    await skipWizard();

    await heading(page, 'Your relay is running');
    const who = await page.getByText('Signed in as').textContent();
    expect(who).toBe(`Signed in as ${USERNAME} (root)`);

    const baseUrl = await page.getByTestId('relay-base-url').textContent();
    expect(baseUrl).toBe(`${origin}/v1`);
    expect(baseUrl).toBe(relay!.relayBaseUrl);
    expect(await page.getByTestId('secret-backend').textContent()).toBe('Encrypted file');
    const status = await apiJson('/api/status');
    expect(await page.getByTestId('version').textContent()).toBe(status.body.data.version);
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${origin}/v1`);

    // Setup happens once.
    const again = await apiJson('/api/setup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'intruder', password: 'another password' }),
    });
    expect(again.body?.success).toBe(false);
    expect(typeof again.body?.message).toBe('string');
  });

  it('generates a personal access token that works from scripts and is shown once', async () => {
    await page.getByRole('button', { name: 'Generate token' }).click();
    const tokenField = page.getByLabel('Your new token');
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(await page.getByText("it won't be shown again").count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Copy token' }).count()).toBe(1);

    await page.screenshot({ path: join(resultsDir, 'console-home.png'), fullPage: true });

    // From Node, with no cookie: the bearer token alone identifies the owner.
    const self = await apiJson('/api/user/self', { headers: { Authorization: `Bearer ${token}` } });
    expect(self.status).toBe(200);
    expect(self.body.success).toBe(true);
    expect(self.body.data.username).toBe(USERNAME);
    const anonymous = await apiJson('/api/user/self');
    expect(anonymous.status).toBe(401);

    // Reload: still signed in, and the token is not shown again.
    await page.reload();
    await heading(page, 'Your relay is running');
    expect(await page.getByTestId('access-token-panel').count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    await page.getByText('generating a new token replaces it').waitFor();

    // Replacing asks first, then invalidates the old token.
    await page.getByRole('button', { name: 'Generate new token' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('access-token-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate new token' }).click();
    await page.getByRole('button', { name: 'Replace token' }).click();
    await tokenField.waitFor();
    const replacement = await tokenField.inputValue();
    expect(replacement).not.toBe(token);
    const oldOne = await apiJson('/api/user/self', { headers: { Authorization: `Bearer ${token}` } });
    expect(oldOne.status).toBe(401);
    const newOne = await apiJson('/api/user/self', { headers: { Authorization: `Bearer ${replacement}` } });
    expect(newOne.status).toBe(200);
  });

  it('keeps the session on client routes, fits a 360px phone and has a dark mode', async () => {
    await page.goto(`${origin}/profile`);
    await heading(page, 'Profile');
    // An address that is no page keeps the session too, says so, and leads back.
    await page.goto(`${origin}/some/client/route`);
    await heading(page, 'Page not found');
    await page.getByRole('link', { name: 'Back to the overview' }).click();
    await heading(page, 'Your relay is running');

    const state = await context.storageState();
    const phone = await browser!.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'dark', storageState: state });
    try {
      const phonePage = await phone.newPage();
      watch(phonePage);
      await phonePage.goto(relay!.consoleUrl);
      await heading(phonePage, 'Your relay is running');
      expect(await phonePage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await phonePage.screenshot({ path: join(resultsDir, 'console-home-phone-dark.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('signs out, shows errors on the login page, and signs back in', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading(page, 'Sign in');
    await page.getByText('You have signed out.').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(USERNAME);
    expect((await apiJson('/api/user/self')).status).toBe(401);

    // After a reload, there is no session left: the login page, not setup.
    await page.reload();
    await heading(page, 'Sign in');
    await page.screenshot({ path: join(resultsDir, 'console-login.png') });

    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const wrong = await alertText(page);
    expect(wrong.trim().length).toBeGreaterThan(0);
    await heading(page, 'Sign in');
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    // Rate limited: the wait comes from Retry-After.
    await page.route('**/api/user/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '120' },
        json: { success: false, message: 'rate limited', data: null },
      }),
    );
    await page.getByLabel('Password').fill('still wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Too many attempts, try again in 2 minutes.').waitFor();
    await page.unroute('**/api/user/login');

    // Relay unreachable: a readable message, not "Failed to fetch".
    await page.route('**/api/user/login', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText("Can't reach the Relaydesk relay").waitFor();
    await page.unroute('**/api/user/login');

    // The button is disabled while signing in.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const busy = page.getByRole('button', { name: 'Signing in…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await heading(page, 'Your relay is running');
    await page.unroute('**/api/user/login');
    expect(await page.getByText('Signed in as').textContent()).toBe(`Signed in as ${USERNAME} (root)`);
  });

  it('returns to sign-in when the session ends mid-use, then back to the same page', async () => {
    await page.goto(`${origin}/logs`);
    await heading(page, 'Logs');
    // Nothing in flight: a page request answered after the sign-out would end it before Refresh does.
    await page.waitForLoadState('networkidle');
    // The session ends elsewhere (signed out from another tab, or expired).
    const cookies = await context.cookies(origin);
    const ended = await apiJson('/api/user/logout', { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(ended.status).toBe(200);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await heading(page, 'Sign in');
    await page.getByText('Your session ended; sign in again.').waitFor();
    expect(await page.getByText('Not signed in').count()).toBe(0);
    expect(await page.getByLabel('Username').inputValue()).toBe(USERNAME);
    expect(new URL(page.url()).pathname).toBe('/logs');
    await page.screenshot({ path: join(resultsDir, 'console-session-ended.png') });

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(page, 'Logs');
    expect(new URL(page.url()).pathname).toBe('/logs');
  });

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
