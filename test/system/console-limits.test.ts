// Rate limits and spending caps in the console, in Chromium against a real relay: a key created
// with caps shows what is left of them after a call, its edit dialog has them filled in, and a
// user's dialog shows theirs; no accessibility findings in the dialogs.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsDir, seriousA11yFindings, startConsoleRig, type ConsoleRig } from './console-harness.js';
import { startHonestChat } from '../fake-upstreams/honest-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';

const USERNAME = 'owner.limits';
const PASSWORD = 'correct horse battery';

let rig: ConsoleRig | undefined;
let upstream: FakeUpstream | undefined;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('console-limits', problems);
  page = rig.page;
  upstream = await startHonestChat();
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return response.json();
    },
    { method, path, body },
  );
}

describe('console: rate limits and spending caps', () => {
  it("shows what is left of a key's daily cap after a call, and the caps in its edit dialog", async () => {
    const { origin, relay } = rig!;
    await fetch(`${origin}/api/setup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: USERNAME, password: PASSWORD }) });
    await page.goto(relay.consoleUrl);
    expect((await api('POST', '/api/user/login', { username: USERNAME, password: PASSWORD })).success).toBe(true);
    expect((await api('POST', '/api/channel/', { type: 1, name: 'honest', key: 'k', base_url: upstream!.url, models: 'gpt-4o-mini', group: 'default' })).success).toBe(true);
    const created = await api('POST', '/api/token/', { name: 'capped', unlimited_quota: true, limits: { rpm: 60, day: 50 } });
    // One call of 7 quota: 43 of the day's 50 left ($0.000086 of $0.0001).
    const call = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);

    await page.goto(`${origin}/keys`);
    const row = page.getByRole('row').filter({ hasText: 'capped' });
    await row.getByTestId('budgets-left').waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('budgets-left').textContent()).toMatch(/^Today \$0\.000086 of \$0\.0001 left · starts again /);
    await row.getByRole('button', { name: 'Edit key capped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit capped' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Requests per minute').inputValue()).toBe('60');
    expect(await dialog.getByLabel('Per day (USD)').inputValue()).toBe('0.0001');
    expect(await dialog.getByLabel('Per week (USD)').inputValue()).toBe('');
    await dialog.getByTestId('budgets-left').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'console-limits-key.png'), fullPage: true });
    expect(await seriousA11yFindings(page)).toEqual([]);
    await dialog.getByLabel('Per week (USD)').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const keys = await api('GET', '/api/token/');
    expect(keys.data.items[0].limits).toEqual({ rpm: 60, day: 50, week: 2_500_000 });
    expect(problems).toEqual([]);
  });
});
