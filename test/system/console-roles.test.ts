// The console as people other than the owner see it, in Chromium against a real relay: a
// common user gets no administrator pages (and the API refuses them anyway), and can still
// try a model in the playground as themselves, with no API key; an administrator gets the
// channels but not the root's settings.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type AppLogger, type RelayHandle } from '../../relay/index.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { seedUsers, setupAndLogin } from '../helpers/relay.js';
import { buildConsole, launchChromium, resultsDir, watchForProblems } from './console-harness.js';

const MODEL = 'fake-roles-model';
const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };

let workDir = '';
let relay: RelayHandle | undefined;
let upstream: FakeUpstream | undefined;
let browser: Browser | undefined;
let origin = '';
const problems: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'relaydesk-roles-'));
  const consoleDir = join(workDir, 'console');
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });
  await buildConsole(consoleDir);
  upstream = await startFakeOpenAIChat();

  // The owner sets up and adds a channel; the other people are seeded while the relay is stopped.
  const start = () => startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  const first = await start();
  const owner = await setupAndLogin(first, 'owner', 'correct horse battery');
  await addChannel(owner, { type: 1, upstream, models: [MODEL], name: 'fake chat' });
  await first.close();
  await seedUsers(dataDir, [{ username: 'casey', role: 1 }, { username: 'ada', role: 10 }]);
  relay = await start();
  origin = new URL(relay.consoleUrl).origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await upstream?.close();
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

async function signIn(username: string): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  watchForProblems(page, problems);
  await page.goto(`${origin}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(`${username}-password-1`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

async function navigation(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Console' }).getByRole('link').allInnerTexts();
}

describe('a common user', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signIn('casey');
  });

  it('sees only the pages meant for users', async () => {
    expect(await navigation(page)).toEqual(['Overview', 'Dashboard', 'Playground', 'API keys', 'Wallet', 'Pricing', 'Logs', 'Profile']);
    await page.screenshot({ path: join(resultsDir, 'console-roles-user-overview.png') });
  });

  it('gets no administrator page by typing its address, and the API refuses it too', async () => {
    await page.goto(`${origin}/channels`);
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Channels' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/channel/', { credentials: 'same-origin' })).status);
    expect(status).toBe(403);
  });

  it('chats in the playground as themselves, with no API key, and finds the call in their logs', async () => {
    await page.goto(`${origin}/playground`);
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    await page.getByLabel('Message').fill('hello from casey');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('pg-answer').getByText('hello from casey').waitFor();
    await page.getByTestId('pg-completion-tokens').filter({ hasText: /^\d+$/ }).waitFor();
    await page.getByLabel('Message').fill('and a second turn');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('pg-answer').nth(1).getByText('and a second turn').waitFor();
    expect(await page.getByRole('article', { name: 'You' }).count()).toBe(2);
    await page.screenshot({ path: join(resultsDir, 'console-roles-user-playground.png'), fullPage: true });

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Logs' }).click();
    const rows = page.getByRole('row').filter({ hasText: MODEL });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Playground');
  });
});

describe('an administrator', () => {
  it('manages channels but does not see the root settings', async () => {
    const page = await signIn('ada');
    const links = await navigation(page);
    expect(links).toContain('Channels');
    expect(links).not.toContain('Settings');
    const status = await page.evaluate(async () => (await fetch('/api/option/', { credentials: 'same-origin' })).status);
    expect(status).toBe(403);
    await page.screenshot({ path: join(resultsDir, 'console-roles-admin-overview.png') });
  });

  it('acts on common users on the Users page, not on the owner, and makes no admins', async () => {
    const page = await signIn('ada');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Disable casey' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'owner' }).getByRole('cell').last().textContent()).toBe('Higher or equal role');
    expect(await page.getByRole('button', { name: 'Promote casey' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Disable owner' }).count()).toBe(0);
  });

  it('left no CSP violation or uncaught error on the way', () => {
    expect(problems).toEqual([]);
  });
});
