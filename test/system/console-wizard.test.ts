// The first-run wizard in Chromium against fresh relays: owner account → first channel
// (against a fake upstream, with Fetch models) → first key shown once → the overview;
// then the profile page (facts, password change); a second relay where both steps are skipped;
// and a third where reloads and another browser resume the wizard where it stopped.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchForProblems, buildConsole } from './console-harness.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type AppLogger } from '../../relay/index.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = join(repoRoot, 'test-results');

const USERNAME = 'owner.wizard';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple battery horse';
const UPSTREAM_KEY = 'sk-upstream-wizard';

type Relay = Awaited<ReturnType<typeof startRelay>>;
const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };

let workDir = '';
let consoleDir = '';
const relays: Relay[] = [];
let upstream: Server | undefined;
let upstreamUrl = '';
let browser: Browser | undefined;
const browserProblems: string[] = [];

async function freshRelay(name: string): Promise<Relay> {
  const dataDir = join(workDir, `data-${name}`);
  await mkdir(dataDir, { recursive: true });
  const relay = await startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  relays.push(relay);
  return relay;
}

async function newPage(): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  watchForProblems(page, browserProblems);
  return page;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'relaydesk-console-wizard-'));
  consoleDir = join(workDir, 'console');
  await mkdir(resultsDir, { recursive: true });
  await buildConsole(consoleDir);

  // A small OpenAI-style upstream: lists one model and answers chat completions.
  upstream = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${UPSTREAM_KEY}`) return send(401, { error: { message: 'bad key', type: 'invalid_request_error' } });
      const path = new URL(req.url ?? '/', 'http://upstream').pathname;
      if (req.method === 'GET' && path === '/v1/models') return send(200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] });
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const body = raw === '' ? {} : (JSON.parse(raw) as { model?: string });
        return send(200, {
          id: 'chatcmpl-wizard',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        });
      }
      return send(404, { error: { message: `Unknown path ${path}` } });
    });
  });
  await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const relay of relays) await relay.close();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

async function createOwner(page: Page): Promise<void> {
  await heading(page, 'Create the owner account');
  expect(await page.getByTestId('wizard-progress').textContent()).toBe('First-run setup · Step 1 of 3');
  await page.getByLabel('Username').fill(USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('first-run wizard', () => {
  let relay: Relay;
  let page: Page;
  let origin = '';

  it('creates the owner, then adds a first channel with fetched models', async () => {
    relay = await freshRelay('full');
    origin = new URL(relay.consoleUrl).origin;
    page = await newPage();
    await page.goto(relay.consoleUrl);
    await page.screenshot({ path: join(resultsDir, 'console-wizard-1-owner.png') });
    await createOwner(page);

    await heading(page, 'Add your first channel');
    expect(await page.getByTestId('wizard-progress').textContent()).toBe('First-run setup · Step 2 of 3');
    await page.screenshot({ path: join(resultsDir, 'console-wizard-2-channel.png') });

    await page.getByRole('button', { name: 'Add a channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Fake OpenAI');
    await dialog.getByLabel('Base URL').fill(upstreamUrl);
    await dialog.getByLabel('API keys').fill(UPSTREAM_KEY);
    await dialog.getByRole('button', { name: 'Fetch models' }).click();
    await dialog.getByRole('checkbox', { name: 'gpt-4o-mini' }).check();
    expect(await dialog.getByLabel('Models', { exact: true }).inputValue()).toBe('gpt-4o-mini');
    await page.screenshot({ path: join(resultsDir, 'console-wizard-2-channel-form.png') });
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await heading(page, 'Create your first key');
    expect(await page.getByTestId('wizard-progress').textContent()).toBe('First-run setup · Step 3 of 3');
    await page.getByText('Added the channel “Fake OpenAI”.').waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-wizard-3-key.png') });
  });

  it('creates a first key, shows it once with client setup, then lands on the overview', async () => {
    await page.getByRole('button', { name: 'Create a key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.waitFor();
    await form.getByLabel('Name').fill('Laptop');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new key' });
    await shown.waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^sk-/);
    expect(await shown.getByTestId('snippet-claude').textContent()).toContain(`ANTHROPIC_AUTH_TOKEN=${key}`);
    await page.screenshot({ path: join(resultsDir, 'console-wizard-3-key-once.png') });

    // The key and the channel work together.
    const call = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('Hi');

    await shown.getByRole('button', { name: 'Done' }).click();
    await heading(page, 'Your relay is running');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.content()).not.toContain(key);
    await page.screenshot({ path: join(resultsDir, 'console-wizard-4-overview.png'), fullPage: true });
  });

  it('shows the profile and changes the password', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Profile' }).click();
    await heading(page, 'Profile');
    const facts = (await page.getByTestId('profile-facts').textContent()) ?? '';
    expect(facts).toContain(USERNAME);
    expect(facts).toContain('root');
    // The owner starts with 100 000 000 quota units: 200 USD (less the one call above).
    expect(await page.getByTestId('profile-balance').textContent()).toMatch(/^\$(199|200)\.\d+/);

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Enter your current password.').waitFor();
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong.').waitFor();

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    await page.screenshot({ path: join(resultsDir, 'console-wizard-5-profile.png'), fullPage: true });

    // Later sign-ins go straight to the console: the wizard is for first-run setup only.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading(page, 'Sign in');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(page, 'Profile');
    expect(await page.getByRole('heading', { name: 'Add your first channel' }).count()).toBe(0);
  });

  it('can skip both steps', async () => {
    const other = await freshRelay('skip');
    const skipPage = await newPage();
    await skipPage.goto(other.consoleUrl);
    await createOwner(skipPage);
    await heading(skipPage, 'Add your first channel');
    await skipPage.getByRole('button', { name: 'Skip this step' }).click();
    await heading(skipPage, 'Create your first key');
    expect(await skipPage.getByText('Added the channel').count()).toBe(0);
    expect(await skipPage.getByRole('navigation', { name: 'Setup progress' }).textContent()).toContain('Channel (skipped)');
    // The skip is remembered: a reload comes back to the key step.
    await skipPage.reload();
    await heading(skipPage, 'Create your first key');
    expect(await skipPage.getByRole('navigation', { name: 'Setup progress' }).textContent()).toContain('Channel (skipped)');
    // The wizard fits a phone.
    await skipPage.setViewportSize({ width: 360, height: 780 });
    expect(await skipPage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await skipPage.screenshot({ path: join(resultsDir, 'console-wizard-6-skipped-phone.png') });
    await skipPage.setViewportSize({ width: 1280, height: 900 });
    await skipPage.getByRole('button', { name: 'Skip this step' }).click();
    await heading(skipPage, 'Your relay is running');
    await skipPage.screenshot({ path: join(resultsDir, 'console-wizard-7-skipped-overview.png') });

    await skipPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Channels' }).click();
    await heading(skipPage, 'Channels');
    await skipPage.getByText('No channels yet').waitFor();
    await skipPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await heading(skipPage, 'API keys');
    await skipPage.getByText('No keys yet').waitFor();
  });

  it('resumes where it stopped after a reload, and in another browser, until it is skipped', async () => {
    const other = await freshRelay('resume');
    const resumePage = await newPage();
    await resumePage.goto(other.consoleUrl);
    await createOwner(resumePage);
    await heading(resumePage, 'Add your first channel');
    await resumePage.reload();
    await heading(resumePage, 'Add your first channel');
    expect(await resumePage.getByTestId('wizard-progress').textContent()).toBe('First-run setup · Step 2 of 3');

    await resumePage.getByRole('button', { name: 'Add a channel' }).click();
    const dialog = resumePage.getByRole('dialog', { name: 'Add a channel' });
    await dialog.getByLabel('Name').fill('Fake OpenAI');
    await dialog.getByLabel('Base URL').fill(upstreamUrl);
    await dialog.getByLabel('API keys').fill(UPSTREAM_KEY);
    await dialog.getByLabel('Models', { exact: true }).fill('gpt-4o-mini');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await heading(resumePage, 'Create your first key');
    await resumePage.reload();
    await heading(resumePage, 'Create your first key');
    expect(await resumePage.getByTestId('wizard-progress').textContent()).toBe('First-run setup · Step 3 of 3');
    expect(await resumePage.getByRole('navigation', { name: 'Setup progress' }).textContent()).not.toContain('skipped');

    // The relay keeps the progress: signing in from another browser resumes it too.
    const elsewhere = await newPage();
    await elsewhere.goto(other.consoleUrl);
    await heading(elsewhere, 'Sign in');
    await elsewhere.getByLabel('Username').fill(USERNAME);
    await elsewhere.getByLabel('Password').fill(PASSWORD);
    await elsewhere.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(elsewhere, 'Create your first key');
    await elsewhere.context().close();

    await resumePage.getByRole('button', { name: 'Skip this step' }).click();
    await heading(resumePage, 'Your relay is running');
    await resumePage.reload();
    await heading(resumePage, 'Your relay is running');
    expect(await resumePage.getByRole('heading', { name: 'Create your first key' }).count()).toBe(0);
    expect(await resumePage.getByRole('navigation', { name: 'Setup progress' }).count()).toBe(0);
  });

  it('runs without CSP violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
