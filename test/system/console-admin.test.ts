// The administrator pages in Chromium against a real relay: groups, suppliers, describing
// and pricing a model a channel lists, and the background task of testing every channel.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';
import type { RelayHandle } from '../../relay/index.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstreams/harness.js';

const USERNAME = 'owner.admin';
const PASSWORD = 'correct horse battery';
const UPSTREAM_KEY = 'sk-upstream-admin-key';

let rig: ConsoleRig | undefined;
let relay: RelayHandle | undefined;
let upstream: FakeUpstream | undefined;
let page: Page;
let origin = '';
const browserProblems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('console-admin', browserProblems);
  ({ relay, origin, page } = rig);

  upstream = await startFakeUpstream((request) => {
    if (request.headers.authorization !== `Bearer ${UPSTREAM_KEY}`) return { status: 401, json: { error: { message: 'bad key', type: 'invalid_request_error' } } };
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
});

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

/** Calls the management API from the page, with the browser's session. */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

async function openPage(title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: title, exact: true }).click();
  await heading(title);
}

describe('console admin pages', () => {
  it('signs in as the owner and sees the admin pages in the navigation', async () => {
    // The owner account through the API: the first-run wizard is another test's business.
    const setup = await fetch(`${origin}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    expect(setup.status).toBe(200);
    await page.goto(relay!.consoleUrl);
    const login = await api('POST', '/api/user/login', { username: USERNAME, password: PASSWORD });
    expect(login.body?.success).toBe(true);
    await page.goto(`${origin}/groups`);
    await heading('Groups');
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const title of ['Models and pricing', 'Groups', 'Suppliers', 'Tasks']) expect(await nav.getByRole('link', { name: title, exact: true }).count()).toBe(1);
  });

  it('creates a group, with inline validation', async () => {
    await page.getByRole('button', { name: 'Add group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a group' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('bad name');
    await dialog.getByLabel('Price ratio').fill('-1');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('A number from 0 to 1000.').waitFor();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Name').fill('vip');
    await dialog.getByLabel('Price ratio').fill('0.5');
    await dialog.getByLabel('Description').fill('Half price for friends');
    await dialog.getByLabel('Users may pick this group for their keys').check();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Created the group “vip”.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Half price for friends' });
    await row.getByText('×0.5').waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-admin-groups.png'), fullPage: true });
  });

  it('creates a supplier', async () => {
    await openPage('Suppliers');
    await page.getByText('No suppliers yet').waitFor();
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a supplier' });
    await dialog.getByLabel('Name').fill('OpenAI');
    await dialog.getByLabel('Description').fill('Makers of GPT');
    await dialog.getByLabel('Icon').fill('not a link');
    await dialog.getByRole('button', { name: 'Create supplier' }).click();
    await dialog.getByText('An http(s) link or a data:image/…;base64 URL.').waitFor();
    await dialog.getByLabel('Icon').fill('');
    await dialog.getByRole('button', { name: 'Create supplier' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Makers of GPT' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Enable supplier OpenAI' }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: join(resultsDir, 'console-admin-suppliers.png'), fullPage: true });
  });

  it('describes a model a channel lists, with a price shown in USD per 1M tokens and per group', async () => {
    const created = await api('POST', '/api/channel', {
      type: 1,
      name: 'Fake OpenAI',
      base_url: upstream!.url,
      key: UPSTREAM_KEY,
      models: 'gpt-4o-mini,gpt-4o',
      group: 'default,vip',
      priority: 0,
      weight: 0,
      model_mapping: '',
      header_override: '',
      proxy: '',
    });
    expect(created.body?.success).toBe(true);

    await openPage('Models and pricing');
    await page.getByText('No models described yet').waitFor();
    const missing = page.getByRole('list', { name: 'Missing models' });
    await missing.getByText('gpt-4o-mini').waitFor();
    await page.getByRole('button', { name: 'Describe model gpt-4o-mini' }).click();
    const dialog = page.getByRole('dialog', { name: 'Describe gpt-4o-mini' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Model name').inputValue()).toBe('gpt-4o-mini');

    await dialog.getByRole('button', { name: 'Save model' }).click();
    await dialog.getByText('A price in USD, e.g. 2.5.').waitFor();
    await dialog.getByLabel('Supplier').selectOption({ label: 'OpenAI' });
    await dialog.getByLabel('Context length').fill('128000');
    await dialog.getByLabel('Max output tokens').fill('16384');
    await dialog.getByLabel('Input price (USD per 1M tokens)', { exact: true }).fill('0.15');
    await dialog.getByText('Model ratio 0.075').waitFor();
    await dialog.getByLabel('Output price (USD per 1M tokens)', { exact: true }).fill('0.6');
    await page.screenshot({ path: join(resultsDir, 'console-admin-model-dialog.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Save model' }).click();
    await dialog.waitFor({ state: 'detached' });

    const price = page.getByTestId('price-gpt-4o-mini');
    await price.getByText('$0.15 / 1M input').first().waitFor();
    await price.getByText('$0.6 / 1M output').first().waitFor();
    const row = page.getByRole('row').filter({ has: price });
    await row.getByText('128K').waitFor();
    await row.getByText('OpenAI', { exact: true }).waitFor();
    // gpt-4o-mini is described now; gpt-4o still is not.
    await missing.getByText('gpt-4o', { exact: true }).waitFor();
    expect(await missing.getByText('gpt-4o-mini').count()).toBe(0);

    // The API stored the ratio: 0.15 USD per 1M = ratio 0.075, output ×4.
    const meta = await api('GET', '/api/models/meta');
    const record = meta.body.data.items.find((m: { name: string }) => m.name === 'gpt-4o-mini');
    expect(record.model_ratio).toBeCloseTo(0.075);
    expect(record.completion_ratio).toBeCloseTo(4);

    await price.getByText('Prices per group').click();
    const perGroup = page.getByRole('table', { name: 'Prices of gpt-4o-mini per group' });
    await perGroup.getByRole('row').filter({ hasText: 'vip' }).getByText('$0.075 / 1M input').waitFor();
    await perGroup.getByRole('row').filter({ hasText: 'default' }).getByText('$0.15 / 1M input').waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-admin-models.png'), fullPage: true });
  });

  it('edits a model: the dialog shows the stored prices in USD, and a per-call price replaces them', async () => {
    await page.getByRole('button', { name: 'Edit model gpt-4o-mini' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit model gpt-4o-mini' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Input price (USD per 1M tokens)', { exact: true }).inputValue()).toBe('0.15');
    expect(await dialog.getByLabel('Output price (USD per 1M tokens)', { exact: true }).inputValue()).toBe('0.6');
    await dialog.getByLabel('Pricing').selectOption('call');
    await dialog.getByLabel('Price per call (USD)').fill('0.01');
    await dialog.getByRole('button', { name: 'Save model' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('price-gpt-4o-mini').getByText('$0.01 per call').first().waitFor();
    const meta = await api('GET', '/api/models/meta');
    const record = meta.body.data.items.find((m: { name: string }) => m.name === 'gpt-4o-mini');
    expect(record.model_ratio).toBeNull();
    expect(record.price_per_call).toBe(0.01);
  });

  it('shows why a group in use cannot be deleted', async () => {
    await openPage('Groups');
    await page.getByRole('button', { name: 'Delete group vip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this group?' });
    await dialog.getByRole('button', { name: 'Delete group' }).click();
    await dialog.getByText('The group vip is in use by 1 channel').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('follows “test all” on the tasks page until it reaches 100%', async () => {
    await openPage('Tasks');
    await page.getByText('No background tasks').waitFor();
    // The empty page says how a task starts, with the way there.
    expect(await page.getByRole('link', { name: 'Go to Channels' }).getAttribute('href')).toBe('/channels');
    await page.screenshot({ path: join(resultsDir, 'console-admin-tasks-empty.png'), fullPage: true });
    const started = await api('POST', '/api/channel/test_all');
    expect(started.body?.success).toBe(true);
    const id: number = started.body.data.id;
    // The page is not reloaded: it notices the task on refresh, then follows it by itself.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const progress = page.getByTestId(`task-progress-${id}`);
    await progress.waitFor();
    const row = page.getByRole('row').filter({ has: progress });
    await row.getByText('100% · 1 of 1').waitFor({ timeout: 15_000 });
    expect(await progress.getAttribute('value')).toBe('100');
    await row.getByText('Succeeded').waitFor();
    await row.getByText('1 passed, 0 failed').waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-admin-tasks.png'), fullPage: true });
    expect(browserProblems).toEqual([]);
  });
});
