// The console's whole first-use flow in one run, through the UI only (the API is used only to
// read results back): first-run setup → a channel with fetched models → a key shown once →
// a playground call that streams → the call in the logs with its tokens → the dashboard
// counts it → the channel test shows a latency. Every page visited is screenshotted.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';
import type { RelayHandle } from '../../relay/index.js';
import { startFakeUpstream, sse, type FakeUpstream } from '../fake-upstreams/harness.js';

// The test side has no DOM types; this is the one DOM call made inside the page (waitForFunction).
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

const USERNAME = 'owner.flow';
const PASSWORD = 'correct horse battery';
const UPSTREAM_KEY = 'sk-upstream-flow';
const MODEL = 'flow-model-small';
/** The streamed answer, sent in `PIECES` chunks `CHUNK_DELAY_MS` apart. */
const ANSWER = 'Relays carry every word across, one piece at a time.';
const PIECES = 8;
const CHUNK_DELAY_MS = 250;
const USAGE = { prompt_tokens: 11, completion_tokens: 13, total_tokens: 24 };

let rig: ConsoleRig | undefined;
let relay: RelayHandle | undefined;
let upstream: FakeUpstream | undefined;
let page: Page;
let origin = '';
const browserProblems: string[] = [];

/** An OpenAI-style upstream: lists three models; streams chat answers slowly enough to watch. */
function flowUpstream(): Promise<FakeUpstream> {
  return startFakeUpstream((request) => {
    if (request.headers.authorization !== `Bearer ${UPSTREAM_KEY}`) return { status: 401, json: { error: { message: 'bad key', type: 'invalid_request_error' } } };
    if (request.method === 'GET' && request.path === '/v1/models') {
      return { json: { object: 'list', data: [MODEL, 'flow-model-large', 'flow-embedder'].map((id) => ({ id, object: 'model', owned_by: 'fake' })) } };
    }
    if (request.path !== '/v1/chat/completions') return { status: 404, json: { error: { message: `Unknown path ${request.path}` } } };
    const base = { id: 'chatcmpl-flow', created: Math.floor(Date.now() / 1000), model: request.body?.model ?? MODEL };
    if (!request.body?.stream) {
      return { json: { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } };
    }
    const chunk = (delta: unknown, finish: string | null = null) => sse({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
    const size = Math.ceil(ANSWER.length / PIECES);
    const chunks = [chunk({ role: 'assistant', content: '' })];
    for (let i = 0; i < ANSWER.length; i += size) chunks.push(chunk({ content: ANSWER.slice(i, i + size) }));
    chunks.push(chunk({}, 'stop'), sse({ ...base, object: 'chat.completion.chunk', choices: [], usage: USAGE }), 'data: [DONE]\n\n');
    return { stream: { chunks, delayMs: CHUNK_DELAY_MS } };
  });
}

beforeAll(async () => {
  rig = await startConsoleRig('console-flow', browserProblems);
  ({ relay, origin, page } = rig);

  upstream = await flowUpstream();
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

async function heading(name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(resultsDir, `console-flow-${name}.png`), fullPage: true });
}

async function navigate(link: string, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link, exact: true }).click();
  await heading(title);
}

/** Reads back through the API with the page's own session cookie. */
async function readApi<T>(path: string): Promise<T> {
  const cookies = await page.context().cookies(origin);
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

describe('console flow: from first run to a counted, logged call', () => {
  let apiKey = '';

  it('creates the owner account on first run', async () => {
    await page.goto(relay!.consoleUrl);
    await heading('Create the owner account');
    await shot('1-setup');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading('Add your first channel');
  });

  it('adds a channel, picking models from the fetched list', async () => {
    await page.getByRole('button', { name: 'Add a channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Flow upstream');
    await dialog.getByLabel('Base URL').fill(upstream!.url);
    await dialog.getByLabel('API keys').fill(UPSTREAM_KEY);
    await dialog.getByRole('button', { name: 'Fetch models' }).click();
    // Every fetched model is offered; only the chosen one ends up in the list.
    for (const name of [MODEL, 'flow-model-large', 'flow-embedder']) await dialog.getByRole('checkbox', { name }).waitFor();
    await dialog.getByRole('checkbox', { name: MODEL }).check();
    expect(await dialog.getByLabel('Models', { exact: true }).inputValue()).toBe(MODEL);
    await shot('2-channel-form');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await heading('Create your first key');
    await page.getByText('Added the channel “Flow upstream”.').waitFor();

    const channels = await readApi<{ items: { name: string; models: string[]; base_url: string }[] }>('/api/channel/?p=1&page_size=10');
    expect(channels.items).toHaveLength(1);
    expect(channels.items[0]).toMatchObject({ name: 'Flow upstream', models: [MODEL], base_url: upstream!.url });
  });

  it('creates a key and shows it once', async () => {
    await page.getByRole('button', { name: 'Create a key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.waitFor();
    await form.getByLabel('Name').fill('Flow key');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new key' });
    await shown.waitFor();
    apiKey = await shown.getByLabel('API key').inputValue();
    expect(apiKey).toMatch(/^sk-/);
    await shot('3-key-once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await heading('Your relay is running');
    expect(await page.content()).not.toContain(apiKey);
    await shot('4-overview');

    // Shown once: the keys page lists it masked only.
    await navigate('API keys', 'API keys');
    await page.getByRole('row', { name: /Flow key/ }).waitFor();
    expect(await page.content()).not.toContain(apiKey);
    await shot('5-keys');
  });

  it('streams a playground answer piece by piece', async () => {
    await navigate('Playground', 'Playground');
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Model').inputValue()).toBe(MODEL);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByLabel('Message').fill('Say something, slowly.');
    await page.getByRole('button', { name: 'Send' }).click();

    // Part of the answer is on the page while the rest is still on its way.
    const answer = page.getByTestId('pg-answer');
    const partial = await page.waitForFunction(
      (full) => {
        const text = document.querySelector('[data-testid="pg-answer"]')?.textContent ?? '';
        return text !== '' && full.startsWith(text) && text.length < full.length ? text : null;
      },
      ANSWER,
      { timeout: 15_000, polling: 20 },
    );
    const partialText = (await partial.jsonValue()) as string;
    expect(partialText.length).toBeGreaterThan(0);
    expect(partialText.length).toBeLessThan(ANSWER.length);
    await shot('6-playground-streaming');

    await answer.getByText(ANSWER, { exact: true }).waitFor();
    await page.getByTestId('pg-completion-tokens').filter({ hasText: /^\d+$/ }).waitFor();
    expect(await page.getByTestId('pg-prompt-tokens').textContent()).toBe(String(USAGE.prompt_tokens));
    expect(await page.getByTestId('pg-completion-tokens').textContent()).toBe(String(USAGE.completion_tokens));
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(upstream!.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.body.stream).toBe(true);
    expect(await page.content()).not.toContain(apiKey);
    await shot('7-playground-done');
  });

  it('lists the call in the logs with its tokens', async () => {
    await navigate('Logs', 'Logs');
    const row = page.getByRole('row').filter({ hasText: MODEL }).first();
    await row.waitFor();
    expect(await row.getByTestId('log-tokens').textContent()).toBe(`${USAGE.prompt_tokens} / ${USAGE.completion_tokens}`);
    expect(await row.textContent()).toContain('Flow key');
    await shot('8-logs');

    const logs = await readApi<{ items: { model_name?: string; model?: string; prompt_tokens: number; completion_tokens: number }[] }>('/api/log/self?type=2');
    expect(logs.items).toHaveLength(1);
    expect(logs.items[0]).toMatchObject({ prompt_tokens: USAGE.prompt_tokens, completion_tokens: USAGE.completion_tokens });
  });

  it('counts the call on the dashboard', async () => {
    // No bar animation: the screenshot shows the drawn bars, not a frame of them growing.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await navigate('Dashboard', 'Dashboard');
    await page.getByTestId('metric-requests').waitFor();
    expect(await page.getByTestId('metric-requests').textContent()).toBe('Requests, last 24 hours1');
    await expectRequestsByModel(page, MODEL, 1);
    // The plots are recharts, loaded lazily: wait until they are drawn, not only their frames.
    await page.locator('figure[aria-label="Requests per hour"] .recharts-bar-rectangle path').first().waitFor();
    await page.locator('figure[aria-label="Requests by model"] .recharts-label-list').getByText('1', { exact: true }).waitFor();
    await shot('9-dashboard');
    await page.emulateMedia({ reducedMotion: null });
  });

  it('tests the channel and shows the measured latency', async () => {
    await navigate('Channels', 'Channels');
    const row = page.getByRole('row', { name: /Flow upstream/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Test channel Flow upstream' }).click();
    const result = row.getByTestId(/test-result-/);
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^\d+ ms$/);
    await shot('10-channels-tested');
  });

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});

/** The chart contract: `<figure aria-label="Requests by model">` holding a visually hidden table with one row per model. */
async function expectRequestsByModel(target: Page, model: string, count: number): Promise<void> {
  const figure = target.locator('figure[aria-label="Requests by model"]');
  await figure.waitFor({ state: 'attached', timeout: 15_000 });
  const row = figure.locator('table tr').filter({ has: target.locator('th, td').filter({ hasText: new RegExp(`^\\s*${model}\\s*$`) }) });
  expect(await row.count()).toBe(1);
  expect((await row.locator('td').allTextContents()).map((t) => t.trim())).toEqual([String(count)]);
}
