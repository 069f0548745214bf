// The log drawer shows a kept call's request and response (a key that opted in): a chat call
// with a tool round trip as a conversation of system, user, assistant (its tool call) and tool
// turns; a streamed Anthropic messages call's tool call assembled from its events; "Copy as
// curl" gives a command without the key that, run with RELAYDESK_KEY set, makes the call again.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { resultsDir, seriousA11yFindings, startConsoleRig, type ConsoleRig } from './console-harness.js';

const MODEL = 'fake-bodies-model';
const TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };

let rig: ConsoleRig | undefined;
let upstream: FakeUpstream | undefined;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let apiKey = '';
let origin = '';
const browserProblems: string[] = [];

async function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${rig!.relay.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await response.text();
  const requestId = response.headers.get('x-request-id')!;
  // Logged, and its bodies kept (after the answer, in the background).
  for (let tries = 0; tries < 100; tries++) {
    const record = (await admin.call('GET', `/api/log/self?request_id=${requestId}`)).json?.data?.items?.[0];
    if (record && (await admin.call('GET', `/api/log/${record.id}/bodies`)).json?.data) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bodies of ${path} were not kept`);
}

beforeAll(async () => {
  rig = await startConsoleRig('bodies', browserProblems);
  ({ origin, context, page } = rig);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  upstream = await startFakeOpenAIChat();
  admin = await setupAndLogin(rig.relay, 'owner.one', 'correct horse battery');
  await addChannel(admin, { type: 1, upstream, models: [MODEL], name: 'fake chat' });
  const created = await admin.call('POST', '/api/token/', { name: 'kept key', unlimited_quota: true, log_bodies: true });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  apiKey = created.json.data.key;
  const [name, ...value] = admin.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);

  // Older first: a streamed Anthropic messages call that answers with a tool call ...
  await call('/v1/messages', { model: MODEL, max_tokens: 100, stream: true, tools: [{ name: 'get_weather', input_schema: TOOL.function.parameters }], messages: [{ role: 'user', content: 'weather in Paris?' }] }, { 'anthropic-version': '2023-06-01' });
  // ... then a chat call carrying a whole tool round trip.
  await call('/v1/chat/completions', {
    model: MODEL,
    tools: [TOOL],
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 21 °C' },
    ],
  });
}, 180_000);

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

async function rolesOf(turns: Locator): Promise<(string | null)[]> {
  return Promise.all((await turns.all()).map((turn) => turn.getAttribute('data-role')));
}

/** Opens a call's drawer: `newest` the latest call, else the oldest. */
async function openRecord(newest: boolean) {
  await page.goto(`${origin}/logs`);
  await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
  const rows = page.getByRole('row').filter({ hasText: MODEL });
  await rows.nth(1).waitFor();
  await (newest ? rows.first() : rows.last()).getByRole('button', { name: /Details/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('log-conversation').waitFor();
  return drawer;
}

describe('the log drawer shows kept bodies', () => {
  it('lays out a chat call as a conversation with its tool call and result, and copies it as curl without the key', async () => {
    const drawer = await openRecord(true);
    const turns = drawer.getByTestId('log-conversation').locator('li');
    expect(await rolesOf(turns)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(await turns.nth(0).textContent()).toContain('You are terse.');
    expect(await turns.nth(2).getByTestId('log-tool-call').textContent()).toContain('get_weather');
    expect(await turns.nth(3).textContent()).toContain('call_1');
    expect(await turns.nth(3).textContent()).toContain('sunny, 21 °C');
    expect(await turns.nth(4).textContent()).toContain('The tool said: sunny, 21 °C');
    await page.screenshot({ path: join(resultsDir, 'console-logs-bodies.png') });
    expect(await seriousA11yFindings(page)).toEqual([]);

    await drawer.getByRole('button', { name: 'Copy as curl' }).click();
    await drawer.getByRole('button', { name: 'Copied' }).waitFor();
    const curl = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(curl).toContain(`${origin}/v1/chat/completions`);
    expect(curl).toContain('$RELAYDESK_KEY');
    expect(curl).not.toContain(apiKey);
    expect(await page.content()).not.toContain(apiKey);
    // Run as copied, with the key in the environment: the same call again.
    const { stdout } = await promisify(execFile)('bash', ['-c', `${curl} --silent --show-error --fail`], { env: { ...process.env, RELAYDESK_KEY: apiKey } });
    expect(JSON.parse(stdout).choices[0].message.content).toBe('The tool said: sunny, 21 °C');
  });

  it("assembles a streamed Anthropic answer's tool call from its events", async () => {
    const drawer = await openRecord(false);
    const turns = drawer.getByTestId('log-conversation').locator('li');
    expect(await rolesOf(turns)).toEqual(['user', 'assistant']);
    const call = turns.nth(1).getByTestId('log-tool-call');
    expect(await call.textContent()).toContain('get_weather');
    expect(await call.textContent()).toContain('Paris');
    // The raw answer is the stream's events, as the client received them.
    expect(await drawer.getByTestId('log-response-body').textContent()).toContain('content_block_start');
  });

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
