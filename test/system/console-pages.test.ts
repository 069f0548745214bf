// The signed-in console pages in Chromium against a real relay: the shell's navigation,
// a channel against a fake upstream (Fetch models, Test), and an API key shown once.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';
import type { RelayHandle } from '../../relay/index.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstreams/harness.js';

const USERNAME = 'owner.pages';
const PASSWORD = 'correct horse battery';
const UPSTREAM_KEY = 'sk-upstream-test-key';

let rig: ConsoleRig | undefined;
let relay: RelayHandle | undefined;
let upstream: FakeUpstream | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let origin = '';
const browserProblems: string[] = [];
// Client files the keys page writes go to a temp home, never the real one.
let clientHome = '';
const previousClientHome = process.env.RELAYDESK_CLIENT_HOME;

beforeAll(async () => {
  clientHome = await mkdtemp(join(tmpdir(), 'relaydesk-client-home-'));
  process.env.RELAYDESK_CLIENT_HOME = clientHome;
  rig = await startConsoleRig('console-pages', browserProblems);
  ({ relay, origin, browser, context, page } = rig);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });

  // An OpenAI-style upstream that lists models and answers chat completions.
  upstream = await startFakeUpstream((request) => {
    if (request.headers.authorization !== `Bearer ${UPSTREAM_KEY}`) return { status: 401, json: { error: { message: 'bad key', type: 'invalid_request_error' } } };
    if (request.method === 'GET' && request.path === '/v1/models') {
      return { json: { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }, { id: 'gpt-4o', object: 'model' }] } };
    }
    if (request.path === '/v1/chat/completions') {
      return {
        json: {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.body?.model ?? 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        },
      };
    }
    return { status: 404, json: { error: { message: `Unknown path ${request.path}` } } };
  });
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
  if (previousClientHome === undefined) delete process.env.RELAYDESK_CLIENT_HOME;
  else process.env.RELAYDESK_CLIENT_HOME = previousClientHome;
  await rm(clientHome, { recursive: true, force: true });
});

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

/** Skips steps 2 and 3 of the first-run wizard. */
async function skipWizard(): Promise<void> {
  for (const step of ['Add your first channel', 'Create your first key']) {
    await page.getByRole('heading', { name: step, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByRole('button', { name: 'Skip this step' }).click();
  }
}

describe('console pages', () => {
  it('signs in to the shell with its navigation', async () => {
    await page.goto(relay!.consoleUrl);
    await heading('Create the owner account');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The first-run wizard offers a channel and a key next: skipped here (console-wizard.test.ts covers them).
    await skipWizard();
    await heading('Your relay is running');

    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Channels' }).count()).toBe(1);
    await page.screenshot({ path: join(resultsDir, 'console-pages-overview.png'), fullPage: true });
  });

  it('creates a channel against the fake upstream, picking a fetched model, and tests it', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Channels' }).click();
    await heading('Channels');
    expect(new URL(page.url()).pathname).toBe('/channels');
    await page.getByText('No channels yet').waitFor();

    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.waitFor();
    // The default base URL follows the type.
    expect(await dialog.getByLabel('Base URL').inputValue()).toBe('https://api.openai.com');
    await dialog.getByLabel('Type').selectOption({ label: 'Anthropic' });
    expect(await dialog.getByLabel('Base URL').inputValue()).toBe('https://api.anthropic.com');
    await dialog.getByLabel('Type').selectOption({ label: 'OpenAI' });

    // Inline validation before anything is sent.
    await page.getByRole('button', { name: 'Add channel' }).last().click();
    await dialog.getByText('Give the channel a name.').waitFor();
    await dialog.getByLabel('Model mapping').fill('{not json');
    await dialog.getByText(/Not valid JSON/).waitFor();
    await dialog.getByLabel('Model mapping').fill('');

    await dialog.getByLabel('Name').fill('Fake OpenAI');
    await dialog.getByLabel('Base URL').fill(upstream!.url);
    await dialog.getByLabel('API keys').fill(UPSTREAM_KEY);
    await dialog.getByRole('button', { name: 'Fetch models' }).click();
    await dialog.getByRole('checkbox', { name: 'gpt-4o-mini' }).check();
    expect(await dialog.getByLabel('Models', { exact: true }).inputValue()).toBe('gpt-4o-mini');
    await page.screenshot({ path: join(resultsDir, 'console-pages-channel-form.png') });
    await page.getByRole('button', { name: 'Add channel' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('Added the channel “Fake OpenAI”.').waitFor();
    const row = page.getByRole('row', { name: /Fake OpenAI/ });
    await row.waitFor();
    expect(await row.getByRole('switch', { name: 'Enable channel Fake OpenAI' }).getAttribute('aria-checked')).toBe('true');

    await row.getByRole('button', { name: 'Test channel Fake OpenAI' }).click();
    const result = page.getByTestId(/test-result-/);
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^\d+ ms$/);

    // Edit keeps the keys unless new ones are typed; the form comes back filled in.
    await row.getByRole('button', { name: 'Edit channel Fake OpenAI' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Fake OpenAI' });
    await edit.waitFor();
    expect(await edit.getByLabel('Base URL').inputValue()).toBe(upstream!.url);
    expect(await edit.getByLabel('Replace API keys').inputValue()).toBe('');
    await edit.getByLabel('Priority').fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Saved the channel “Fake OpenAI”.').waitFor();
    await row.getByRole('button', { name: 'Priority of Fake OpenAI: 5' }).waitFor();

    // Weight edited in place: Enter saves just that field.
    await row.getByRole('button', { name: 'Weight of Fake OpenAI: 0' }).click();
    await row.getByRole('textbox', { name: 'Weight of Fake OpenAI' }).fill('2');
    await row.getByRole('textbox', { name: 'Weight of Fake OpenAI' }).press('Enter');
    await row.getByRole('button', { name: 'Weight of Fake OpenAI: 2' }).waitFor();

    // At 1280 px the row's buttons are drawn whole (wrapped if the table is short of room: console-layout
    // tests a long list) and the table needs no horizontal scrolling.
    const scroller = (await page.locator('.table-scroll').boundingBox())!;
    for (const action of ['Test', 'Edit', 'Delete']) {
      const box = (await row.getByRole('button', { name: `${action} channel Fake OpenAI` }).boundingBox())!;
      expect(box.x + box.width, action).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
    await page.screenshot({ path: join(resultsDir, 'console-pages-channels.png'), fullPage: true });
    expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    await row.getByRole('checkbox', { name: 'Select channel Fake OpenAI' }).check();
    await page.getByRole('region', { name: 'Selected channels' }).waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-pages-channels-selected.png'), fullPage: true });
    await page.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('creates an API key shown once with client setup, then only masked', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await heading('API keys');
    await page.getByText('No keys yet').waitFor();

    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Give the key a name.').waitFor();
    await form.getByLabel('Name').fill('Laptop');
    // A $5 budget, and the model picked from those the channel serves.
    await form.getByRole('checkbox', { name: 'Unlimited quota' }).uncheck();
    await form.getByLabel('Quota (USD)').fill('5');
    await form.getByRole('group', { name: 'Models you may use' }).getByRole('checkbox', { name: 'gpt-4o-mini' }).check();
    await form.getByRole('list', { name: 'Picked models' }).getByText('gpt-4o-mini').waitFor();
    // IP entries are checked in the browser.
    await form.getByLabel('Allowed IP addresses').fill('127.0.0.300');
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText(/“127\.0\.0\.300” is not an IP address or CIDR range/).waitFor();
    await form.getByLabel('Allowed IP addresses').fill('127.0.0.1\n::1');
    await page.screenshot({ path: join(resultsDir, 'console-pages-key-form.png') });
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new key' });
    await shown.waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^sk-/);
    const claude = (await shown.getByTestId('snippet-claude').textContent()) ?? '';
    expect(claude).toContain(`ANTHROPIC_BASE_URL=${origin}`);
    expect(claude).toContain(`ANTHROPIC_AUTH_TOKEN=${key}`);
    await shown.getByRole('tab', { name: 'Codex CLI' }).click();
    const codex = (await shown.getByTestId('snippet-codex-config').textContent()) ?? '';
    expect(codex).toContain(`base_url = "${origin}/v1"`);
    expect(codex).toContain('wire_api = "responses"');
    await shown.getByRole('tab', { name: 'Gemini CLI' }).click();
    expect(JSON.parse((await shown.getByTestId('snippet-gemini-settings').textContent()) ?? '')).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    await shown.getByTestId('snippet-gemini-settings').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'console-pages-key-gemini.png') });
    await shown.getByRole('tab', { name: 'JavaScript' }).click();
    expect(await shown.getByTestId('snippet-js-anthropic').textContent()).toContain(`new Anthropic({\n  baseURL: "${origin}",\n  apiKey: "${key}",\n})`);
    expect(await shown.getByTestId('snippet-js-openai').textContent()).toContain('model: "gpt-4o-mini"');
    await page.screenshot({ path: join(resultsDir, 'console-pages-key-javascript.png') });

    // On this computer the owner may write the client files: Gemini CLI gets .env and settings.json, and undo takes them back.
    await shown.getByRole('tab', { name: 'Gemini CLI' }).click();
    const writer = shown.getByTestId('client-writer-gemini-cli');
    await writer.getByRole('button', { name: 'Write to this computer (Gemini CLI)' }).click();
    await writer.getByText(/^Written to .*\.gemini\/\.env and .*\.gemini\/settings\.json\./).waitFor();
    expect(await readFile(join(clientHome, '.gemini', '.env'), 'utf8')).toBe(`GOOGLE_GEMINI_BASE_URL=${origin}\nGEMINI_API_KEY=${key}\n`);
    expect(JSON.parse(await readFile(join(clientHome, '.gemini', 'settings.json'), 'utf8'))).toEqual({ security: { auth: { selectedType: 'gemini-api-key' } } });
    await writer.getByRole('button', { name: 'Undo (Gemini CLI)' }).click();
    await writer.getByText(/Removed .*\.gemini\/settings\.json \(Relaydesk had created it\)\./).waitFor();
    expect(await readdir(join(clientHome, '.gemini'))).toEqual([]);
    await shown.getByRole('tab', { name: 'Claude Code' }).click();
    await page.screenshot({ path: join(resultsDir, 'console-pages-key-once.png') });

    // The key works against the relay (and the channel behind it).
    const call = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(call.status).toBe(200);

    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const hint = page.getByTestId('key-hint');
    await hint.waitFor();
    expect(await hint.textContent()).not.toBe(key);
    expect(await page.content()).not.toContain(key);
    expect(await page.getByRole('row', { name: /Laptop/ }).getByTestId('key-quota').textContent()).toMatch(/^\$[\d.]+ \/ \$[\d.]+$/);

    // The status switch disables the key at once.
    const keySwitch = page.getByRole('switch', { name: 'Enable key Laptop' });
    await keySwitch.click();
    await page.getByRole('row', { name: /Laptop/ }).getByText('Disabled').waitFor();
    expect(await keySwitch.getAttribute('aria-checked')).toBe('false');
    const refused = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(refused.status).toBe(401);
    await keySwitch.click();
    await page.getByRole('row', { name: /Laptop/ }).getByText('Enabled').waitFor();

    // Reload on the client route: still there, still masked.
    await page.reload();
    await heading('API keys');
    await page.getByTestId('key-hint').waitFor();
    expect(await page.content()).not.toContain(key);
  });

  it('edits a key in the same form, and finds keys by name', async () => {
    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByLabel('Name').fill('CI runner');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    const runnerKey = await shown.getByLabel('API key').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row', { name: /CI runner/ }).waitFor();

    await page.getByRole('button', { name: 'Edit key Laptop' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Laptop' });
    await edit.waitFor();
    // $5 less the one call made with it.
    const left = Number(await edit.getByLabel('Quota left (USD)').inputValue());
    expect(left).toBeGreaterThan(4);
    expect(left).toBeLessThanOrEqual(5);
    expect(await edit.getByLabel('Allowed IP addresses').inputValue()).toBe('127.0.0.1\n::1');
    await edit.getByRole('list', { name: 'Picked models' }).getByText('gpt-4o-mini').waitFor();
    await edit.getByLabel('Quota left (USD)').fill('12.5');
    await edit.getByLabel('Find or add a model').fill('gpt-4o');
    await page.screenshot({ path: join(resultsDir, 'console-pages-key-edit.png') });
    await edit.getByLabel('Find or add a model').press('Enter');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Saved the key “Laptop”.').waitFor();
    expect(await page.getByRole('row', { name: /Laptop/ }).getByTestId('key-quota').textContent()).toMatch(/ \/ \$12\.50$/);

    await page.getByRole('searchbox', { name: 'Search keys' }).fill('runner');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('row', { name: /Laptop/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /CI runner/ }).waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-pages-keys-search.png'), fullPage: true });
    await page.getByRole('button', { name: 'Show all keys' }).click();
    await page.getByRole('row', { name: /Laptop/ }).waitFor();

    // A search by a whole key finds it, and the key does not stay on the page.
    await page.getByRole('searchbox', { name: 'Search keys' }).fill(runnerKey);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('row', { name: /Laptop/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /CI runner/ }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search keys' }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(runnerKey);
    await page.screenshot({ path: join(resultsDir, 'console-pages-keys-search-key.png'), fullPage: true });
    await page.getByRole('button', { name: 'Show all keys' }).click();
    await page.getByRole('row', { name: /Laptop/ }).waitFor();

    // At 1280 px a row's buttons sit on one line and the table needs no horizontal scrolling.
    const laptop = page.getByRole('row', { name: /Laptop/ });
    const editBox = await laptop.getByRole('button', { name: 'Edit key Laptop' }).boundingBox();
    const removeBox = await laptop.getByRole('button', { name: 'Delete key Laptop' }).boundingBox();
    expect(Math.abs(editBox!.y - removeBox!.y)).toBeLessThan(2);
    expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(resultsDir, 'console-pages-keys.png'), fullPage: true });
  });

  it('shows the relay settings to the owner, in sections, with no save bar until something changes', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await heading('Settings');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link').first().waitFor();
    expect(await page.locator('section.settings-section').count()).toBeGreaterThan(3);
    expect(await page.getByRole('region', { name: 'Unsaved changes' }).count()).toBe(0);
    await page.screenshot({ path: join(resultsDir, 'console-pages-settings.png'), fullPage: true });
  });

  it('fits a phone in dark mode', async () => {
    const phone = await browser!.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'dark', storageState: await context.storageState() });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto(`${origin}/channels`);
      await phonePage.getByRole('heading', { name: 'Channels', exact: true }).waitFor();
      await phonePage.getByRole('row', { name: /Fake OpenAI/ }).waitFor();
      expect(await phonePage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await phonePage.screenshot({ path: join(resultsDir, 'console-pages-channels-phone-dark.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('runs without CSP violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
