// The Models page's price catalogue import and the channel dialog's endpoint speed test, in
// Chromium against a real relay: a catalogue pasted, its diff shown (nothing saved yet), then
// applied; two candidate base URLs timed and the faster one taken as the channel's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../fake-upstreams/harness.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { seriousA11yFindings, startConsoleRig, type ConsoleRig } from './console-harness.js';

let rig: ConsoleRig | undefined;
let page: Page;
let origin = '';
let admin: ApiClient;
const upstreams: FakeUpstream[] = [];
const browserProblems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('prices', browserProblems);
  ({ origin, page } = rig);
  admin = await setupAndLogin(rig.relay, 'owner.prices', 'correct horse battery');
  expect((await admin.call('POST', '/api/models/meta', { name: 'house-chat', model_ratio: 2 })).json.success).toBe(true);
  const [name, ...value] = admin.cookie.split('=');
  await rig.context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
});

afterAll(async () => {
  await rig?.close();
  await Promise.all(upstreams.map((u) => u.close()));
});

async function modelRatios(): Promise<Record<string, number | null>> {
  const items = (await admin.call('GET', '/api/models/meta?page_size=100')).json.data.items as Array<{ name: string; model_ratio: number | null }>;
  return Object.fromEntries(items.map((m) => [m.name, m.model_ratio]));
}

describe('console: price catalogue import', () => {
  it('shows what a catalogue changes before saving it, then applies it', async () => {
    await page.goto(`${origin}/models`);
    await page.getByRole('heading', { name: 'Models and pricing', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a price catalogue' });
    await dialog.getByLabel('Catalogue (JSON)').fill('not json');
    await dialog.getByRole('button', { name: 'Show changes' }).click();
    await dialog.getByText(/^This is not JSON/).waitFor();

    const catalogue = { data: { items: [{ name: 'house-chat', model_ratio: 2.5, completion_ratio: 4 }, { name: 'house-new', model_ratio: 0.5 }] } };
    await dialog.getByLabel('Catalogue (JSON)').fill(JSON.stringify(catalogue));
    await dialog.getByRole('button', { name: 'Show changes' }).click();
    await dialog.getByText('1 to add, 1 to change, 0 unchanged.').waitFor();
    const changed = dialog.getByRole('table', { name: 'To change' });
    expect(await changed.getByRole('row', { name: /house-chat/ }).innerText()).toMatch(/Input ratio: 2\s*→\s*2\.5/);
    await dialog.getByRole('table', { name: 'To add' }).getByRole('row', { name: /house-new/ }).waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    // Nothing is saved by the preview.
    expect(await modelRatios()).toEqual({ 'house-chat': 2 });

    await dialog.getByRole('button', { name: 'Apply 2 changes' }).click();
    await page.getByText('Prices imported: 1 added, 1 changed, 0 unchanged.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(await modelRatios()).toEqual({ 'house-chat': 2.5, 'house-new': 0.5 });
    await page.getByTestId('price-house-new').waitFor();
    expect(browserProblems).toEqual([]);
  });
});

describe('console: endpoint speed test', () => {
  it('times candidate base URLs with the typed key and takes the faster one', async () => {
    const list = () => startFakeUpstream(() => ({ json: { object: 'list', data: [{ id: 'm' }] } }));
    const [slow, fast] = await Promise.all([list(), list()]);
    upstreams.push(slow, fast);
    slow.inject({ kind: 'delay-headers', ms: 600 });

    await page.goto(`${origin}/channels`);
    await page.getByRole('button', { name: /Add (a )?channel/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.getByLabel('Base URL', { exact: true }).fill(slow.url);
    await dialog.getByLabel('API keys').fill('sk-speed-test');
    await dialog.getByRole('button', { name: 'Test speed' }).click();
    await dialog.getByLabel('Base URLs to compare').fill(`${slow.url}\n${fast.url}`);
    await dialog.getByRole('button', { name: 'Run test' }).click();
    const rows = dialog.getByRole('row');
    await rows.filter({ hasText: fast.url }).getByRole('button', { name: 'Use' }).waitFor();
    // Fastest first: the header row, then the fast URL.
    expect(await rows.nth(1).innerText()).toContain(fast.url);
    expect(await rows.filter({ hasText: slow.url }).innerText()).toContain('In use');
    await rows.filter({ hasText: fast.url }).getByRole('button', { name: 'Use' }).click();
    expect(await dialog.getByLabel('Base URL', { exact: true }).inputValue()).toBe(fast.url);
    expect(fast.requests[0]?.headers.authorization).toBe('Bearer sk-speed-test');
    expect(browserProblems).toEqual([]);
  });
});
