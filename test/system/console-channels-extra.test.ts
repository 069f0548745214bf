// The channels page beyond the basics, in Chromium against a real relay: a multi-key
// channel whose first key the relay disabled (the Keys panel shows why and enables it
// again), an advanced custom channel (type 58) built with the route editor, testing every
// channel as a background task (followed on the page and on the Tasks page), balances, and
// the Azure form's API version.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';
import type { RelayHandle } from '../../relay/index.js';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../fake-upstreams/harness.js';

const USERNAME = 'owner.channels';
const PASSWORD = 'correct horse battery';
const FIRST_KEY = 'sk-first-key-refused-0000aaaa';
const SECOND_KEY = 'sk-second-key-accepted-1111bbbb';
const CUSTOM_KEY = 'custom-upstream-key-2222';

let rig: ConsoleRig | undefined;
let relay: RelayHandle | undefined;
let multi: FakeUpstream | undefined;
let custom: FakeUpstream | undefined;
let page: Page;
let origin = '';
let apiKey = '';
const customCalls: RecordedRequest[] = [];
const browserProblems: string[] = [];

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
  };
}

beforeAll(async () => {
  rig = await startConsoleRig('console-channels', browserProblems);
  ({ relay, origin, page } = rig);

  // OpenAI-style, accepting only the second key.
  multi = await startFakeUpstream((request) => {
    if (request.headers.authorization !== `Bearer ${SECOND_KEY}`) return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    if (request.path === '/v1/chat/completions') return { json: completion(request.body?.model ?? 'gpt-4o-mini', 'Hi from key 2') };
    return { status: 404, json: { error: { message: `Unknown path ${request.path}` } } };
  });

  // An upstream on its own path, the key in X-Api-Key.
  custom = await startFakeUpstream((request) => {
    customCalls.push(request);
    if (request.headers['x-api-key'] !== CUSTOM_KEY) return { status: 401, json: { error: { message: 'bad key' } } };
    const match = /^\/custom\/([^/]+)\/chat$/.exec(request.path);
    if (request.method === 'POST' && match) return { json: completion(decodeURIComponent(match[1]!), 'Hi from the custom route') };
    return { status: 404, json: { error: { message: `Unknown path ${request.path}` } } };
  });
});

afterAll(async () => {
  await rig?.close();
  await multi?.close();
  await custom?.close();
});

/** The management API with the signed-in browser's session: answers the envelope's data. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const envelope = (await page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, ...(b === null ? {} : { body: JSON.stringify(b) }) });
      return response.json();
    },
    [method, path, body ?? null] as const,
  )) as { success: boolean; message: string; data: T };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

async function chat(model: string): Promise<Response> {
  return fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello' }] }),
  });
}

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

interface KeysView {
  key_count: number;
  enabled: number;
  items: { index: number; status: number; reason: string }[];
}

describe('console channels: keys and advanced custom routes', () => {
  it('signs in and creates an API key', async () => {
    await page.goto(relay!.consoleUrl);
    await heading('Create the owner account');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const step of ['Add your first channel', 'Create your first key']) {
      await heading(step);
      await page.getByRole('button', { name: 'Skip this step' }).click();
    }
    await heading('Your relay is running');
    const created = await api<{ key: string }>('POST', '/api/token', {
      name: 'Tests',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
      model_limits: [],
      allow_ips: [],
      group: '',
      allow_balance: false,
    });
    apiKey = created.key;
    expect(apiKey).toMatch(/^sk-/);
  });

  it('shows a key the relay disabled, with its reason, and enables it again', async () => {
    const { id } = await api<{ id: number }>('POST', '/api/channel', {
      type: 1,
      name: 'Two keys',
      base_url: multi!.url,
      key: `${FIRST_KEY}\n${SECOND_KEY}`,
      models: 'gpt-4o-mini',
      group: 'default',
      key_mode: 'polling',
    });
    // Calls until the first key has been tried (and refused): each still answers through the second.
    let keys: KeysView | undefined;
    for (let attempt = 0; attempt < 10; attempt++) {
      const call = await chat('gpt-4o-mini');
      expect(call.status).toBe(200);
      keys = await api<KeysView>('GET', `/api/channel/${id}/keys`);
      if (keys.items[0]?.status === 3) break;
    }
    expect(keys?.items[0]?.status).toBe(3);
    expect(keys?.items[1]?.status).toBe(1);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Channels' }).click();
    await heading('Channels');
    const row = page.getByRole('row', { name: /Two keys/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Keys of channel Two keys' }).click();
    const panel = page.getByRole('dialog', { name: 'Keys of Two keys' });
    await panel.waitFor();
    const first = panel.getByTestId('key-row-0');
    await first.getByText('Auto-disabled').waitFor();
    expect(await first.textContent()).toMatch(/401/);
    expect(await first.textContent()).toMatch(/Incorrect API key/);
    await panel.getByTestId('key-row-1').getByText('Enabled', { exact: true }).waitFor();
    expect(await panel.getByTestId('key-summary').textContent()).toMatch(/1 of 2 keys in use/);
    // Never the keys themselves.
    const html = await page.content();
    expect(html).not.toContain(FIRST_KEY);
    expect(html).not.toContain(SECOND_KEY);
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-keys-disabled.png') });

    await first.getByRole('button', { name: 'Enable key 0' }).click();
    await panel.getByText('Enabled key #0.').waitFor();
    await first.getByText('Enabled', { exact: true }).waitFor();
    expect(await panel.getByTestId('key-summary').textContent()).toMatch(/2 of 2 keys in use/);
    expect((await api<KeysView>('GET', `/api/channel/${id}/keys`)).items[0]?.status).toBe(1);

    // Disable by hand, then "Enable all".
    await panel.getByTestId('key-row-1').getByRole('button', { name: 'Disable key 1' }).click();
    await panel.getByTestId('key-row-1').getByText('Disabled', { exact: true }).waitFor();
    await panel.getByTestId('key-row-1').getByText('disabled by an administrator').waitFor();
    await panel.getByRole('button', { name: 'Enable all' }).click();
    await panel.getByText('Enabled every key.').waitFor();
    expect((await api<KeysView>('GET', `/api/channel/${id}/keys`)).enabled).toBe(2);
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-keys-enabled.png') });
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('creates an advanced custom channel with the route editor, showing the API error inline', async () => {
    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.waitFor();
    await dialog.getByLabel('Type').selectOption({ label: 'Advanced custom' });
    await dialog.getByLabel('Name').fill('Custom route');
    await dialog.getByLabel('Base URL').fill(custom!.url);
    await dialog.getByLabel('API keys').fill(CUSTOM_KEY);
    await dialog.getByLabel('Models', { exact: true }).fill('gpt-4o');

    const route = dialog.getByRole('group', { name: 'Route 1' });
    await route.waitFor();
    expect(await route.getByLabel('Incoming path').inputValue()).toBe('/v1/chat/completions');
    // A second route, removed again.
    await dialog.getByRole('button', { name: 'Add route' }).click();
    await dialog.getByRole('group', { name: 'Route 2' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove route 2' }).click();
    await dialog.getByRole('group', { name: 'Route 2' }).waitFor({ state: 'detached' });

    // Something only the API refuses: its message comes back under the routes.
    await route.getByLabel('Upstream path').fill('ftp://example.com/chat');
    await route.getByLabel('Route models').fill('gpt-4o, /^gpt-4\\./i');
    await route.getByLabel('Key placement').selectOption('header');
    await route.getByLabel('Header name').fill('X-Api-Key');
    await route.getByLabel('Converter').selectOption('none');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.locator('.routes .field__error').getByText(/upstream_path "ftp:\/\/example.com\/chat" must be an absolute http\(s\) URL/).waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-route-error.png') });

    await route.getByLabel('Upstream path').fill('/custom/{model}/chat');
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-route-editor.png') });
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Added the channel “Custom route”.').waitFor();
    const row = page.getByRole('row', { name: /Custom route/ });
    await row.getByText('Advanced custom', { exact: true }).waitFor();

    const channels = await api<{ items: { name: string; settings: Record<string, string> }[] }>('GET', '/api/channel?p=1&page_size=20');
    const saved = JSON.parse(channels.items.find((c) => c.name === 'Custom route')!.settings.advanced_custom!) as { routes: unknown[] };
    expect(saved.routes).toEqual([
      { path: '/v1/chat/completions', upstream_path: '/custom/{model}/chat', models: ['gpt-4o', '/^gpt-4\\./i'], auth: { type: 'header', name: 'X-Api-Key' }, converter: 'none' },
    ]);

    const call = await chat('gpt-4o');
    expect(call.status).toBe(200);
    const answer = (await call.json()) as { choices: { message: { content: string } }[] };
    expect(answer.choices[0]?.message.content).toBe('Hi from the custom route');
    const last = customCalls.at(-1)!;
    expect(last.path).toBe('/custom/gpt-4o/chat');
    expect(last.headers['x-api-key']).toBe(CUSTOM_KEY);

    // Editing comes back with the routes filled in.
    await row.getByRole('button', { name: 'Edit channel Custom route' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Custom route' });
    await edit.waitFor();
    const editRoute = edit.getByRole('group', { name: 'Route 1' });
    expect(await editRoute.getByLabel('Upstream path').inputValue()).toBe('/custom/{model}/chat');
    expect(await editRoute.getByLabel('Header name').inputValue()).toBe('X-Api-Key');
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-route-edit.png') });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-channels.png'), fullPage: true });
  });

  it('tests every channel in the background, refreshes the table, and shows the task on the Tasks page', async () => {
    await page.getByRole('button', { name: 'Test all channels' }).click();
    const panel = page.getByRole('region', { name: 'Test of every channel' });
    await panel.waitFor();
    // Two channels: the custom route answers; the multi-key channel's first key is refused again.
    await panel.getByText('Tested 2 channels:').waitFor({ timeout: 20_000 });
    expect(await panel.textContent()).toContain('1 passed, 1 failed');
    expect(await panel.getByRole('progressbar', { name: 'Channels tested' }).getAttribute('value')).toBe('100');
    const custom = page.getByRole('row', { name: /Custom route/ });
    await custom.getByText(/^\d+ ms$/).waitFor();
    // The refused key was disabled by the test: the row says so, and the Keys panel says why.
    const multi = page.getByRole('row', { name: /Two keys/ });
    await multi.getByRole('button', { name: '1 key off: why? (Two keys)' }).waitFor();

    // Advanced custom channels have no balance query; an OpenAI-style upstream without billing fails visibly.
    expect(await custom.getByTestId(/^balance-/).textContent()).toContain('No balance query for Advanced custom');
    await page.getByText(/Balance “—”: Advanced custom has no balance query/).waitFor();
    await multi.getByRole('button', { name: 'Refresh balance of Two keys' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not read the balance of channel Two keys' }).getByText(/no billing endpoint/).waitFor();
    // A balance that could not be read is not a balance: "—", not $0.00.
    await multi.getByTestId(/^balance-/).getByText('Balance could not be read').waitFor({ state: 'attached' });
    expect(await multi.getByTestId(/^balance-/).innerText()).toMatch(/^—[^$]*$/);
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-test-all.png'), fullPage: true });

    await multi.getByRole('button', { name: '1 key off: why? (Two keys)' }).click();
    const keys = page.getByRole('dialog', { name: 'Keys of Two keys' });
    await keys.getByTestId('key-row-0').getByText(/test: 401/).waitFor();
    await keys.getByRole('button', { name: 'Done' }).click();
    await keys.waitFor({ state: 'detached' });

    await panel.getByRole('link', { name: 'See it on the Tasks page' }).click();
    await heading('Tasks');
    const row = page.getByRole('row').filter({ hasText: 'Test every channel' });
    await row.getByText('100% · 2 of 2').waitFor();
    await row.getByText('Succeeded').waitFor();
    await row.getByText('1 passed, 1 failed').waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-tasks.png'), fullPage: true });
  });

  it('asks an Azure channel for its API version, the relay default as the placeholder', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Channels' }).click();
    await heading('Channels');
    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.getByLabel('Type').selectOption({ label: 'Azure OpenAI' });
    expect(await dialog.getByLabel('API version').inputValue()).toBe('');
    expect(await dialog.getByLabel('API version').getAttribute('placeholder')).toBe('2024-10-21');
    expect(await dialog.getByLabel('Upstream API').count()).toBe(0);
    await dialog.getByLabel('Name').fill('Azure');
    await dialog.getByLabel('API keys').fill('azure-key');
    await dialog.getByLabel('Models', { exact: true }).fill('my-gpt-4o');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText(/Azure OpenAI has no default address/).waitFor();
    await dialog.getByLabel('Base URL').fill('https://work.openai.azure.com');
    await dialog.getByLabel('API version').fill('2025-04-01-preview');
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-azure-form.png') });
    const behaviour = dialog.getByRole('group', { name: 'Behaviour' });
    await behaviour.scrollIntoViewIfNeeded();
    expect(await behaviour.getByLabel('Disable keys the upstream refuses').isChecked()).toBe(true);
    await page.screenshot({ path: join(resultsDir, 'console-channels-extra-form-behaviour.png') });
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const channels = await api<{ items: { name: string; settings: Record<string, string> }[] }>('GET', '/api/channel?p=1&page_size=20');
    expect(channels.items.find((c) => c.name === 'Azure')?.settings.api_version).toBe('2025-04-01-preview');
  });

  it('runs without CSP violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
