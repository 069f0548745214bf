// Pricing per unit and call families in the console, in Chromium against a real relay and a
// fake Cohere: a rerank model priced per 1K search units in the model dialog → a rerank call
// → the logs page filtered by family, its drawer billing the search unit at that price → the
// dashboard's usage by family.
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_COHERE_API_KEY, startFakeCohere } from '../fake-upstreams/cohere.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';

/** A reranker the relay has no built-in price for. */
const MODEL = 'house-reranker';

let rig: ConsoleRig | undefined;
let cohere: FakeUpstream | undefined;
let page: Page;
let origin = '';
let admin: ApiClient;
let apiKey = '';
const browserProblems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('units', browserProblems);
  ({ origin, page } = rig);
  cohere = await startFakeCohere();
  admin = await setupAndLogin(rig.relay, 'owner.units', 'correct horse battery');
  await addChannel(admin, { type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: [MODEL], name: 'fake cohere' });
  const created = await admin.call('POST', '/api/token/', { name: 'units key', unlimited_quota: true });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  apiKey = created.json.data.key;
  const [name, ...value] = admin.cookie.split('=');
  await rig.context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
});

afterAll(async () => {
  await rig?.close();
  await cohere?.close();
});

/** Serious or critical axe-core findings (WCAG 2 A/AA) inside `selector`. */
async function seriousProblems(selector: string): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

describe('console: prices per unit and call families', () => {
  it('prices a reranker per 1K search units in the model dialog, stored per unit', async () => {
    await page.goto(`${origin}/models`);
    await page.getByRole('heading', { name: 'Models and pricing', exact: true }).waitFor();
    await page.getByRole('button', { name: `Describe model ${MODEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Describe ${MODEL}` });
    await dialog.waitFor();
    const searchUnits = dialog.getByLabel('Per 1K search units');
    await searchUnits.fill('-3');
    await dialog.getByRole('button', { name: 'Save model' }).click();
    await dialog.getByText('A price in USD (0 or more), or empty.').waitFor();
    expect(await searchUnits.getAttribute('aria-invalid')).toBe('true');
    await searchUnits.fill('3');
    expect(await seriousProblems('dialog')).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-units-model-dialog.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Save model' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId(`price-${MODEL}`).getByText('$3 / 1K search units').first().waitFor();
    const meta = await admin.call('GET', '/api/models/meta');
    const record = meta.json.data.items.find((m: { name: string }) => m.name === MODEL);
    expect(record).toMatchObject({ model_ratio: null, price_per_call: null, unit_prices: { search_units: 0.003 } });
  });

  it('shows the rerank call under its family in the logs, its drawer billing the search unit at that price', async () => {
    const call = await fetch(`${rig!.relay.relayBaseUrl}/rerank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ model: MODEL, query: 'capital of France', documents: ['Paris is the capital of France.', 'Berlin is in Germany.'] }),
    });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { meta: { billed_units: { search_units: number } } }).meta.billed_units.search_units).toBe(1);

    await page.goto(`${origin}/logs`);
    await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: MODEL }).first().waitFor();
    // Another family has no such call; rerank has it.
    await page.getByRole('combobox', { name: 'Family' }).selectOption({ label: 'Embeddings' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No records match these filters.').waitFor();
    await page.getByRole('combobox', { name: 'Family' }).selectOption({ label: 'Rerank' });
    const filtered = page.waitForRequest((request) => request.url().includes('family=rerank'));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await filtered;
    const row = page.getByRole('row').filter({ hasText: MODEL }).first();
    await row.waitFor();
    expect(await row.getByTestId('log-family').textContent()).toBe('Rerank');
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('family=rerank');

    await row.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog');
    const bill = drawer.getByTestId('log-billing');
    await bill.waitFor();
    expect(await bill.locator('.bill__line').allTextContents()).toEqual(['Search units1 search unit × $3/1K = $0.003', 'Group “default”× 1', 'Charged$0.003']);
    expect(await drawer.locator('dt', { hasText: /^Units$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('1 search unit');
    expect(await drawer.locator('dt', { hasText: /^Family$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('Rerank');
    expect(await seriousProblems('dialog')).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-units-logs-drawer.png'), fullPage: true });
    await page.keyboard.press('Escape');
  });

  it('splits the usage by family on the dashboard, with the search unit and its spend', async () => {
    await page.goto(`${origin}/dashboard`);
    const table = page.getByRole('table', { name: 'Usage by family' });
    await table.waitFor();
    const rerank = table.getByRole('row').filter({ hasText: 'Rerank' });
    expect(await rerank.getByRole('cell').allTextContents()).toEqual(['Rerank', '1', '0', '1 search unit', '$0.003']);
    expect(await seriousProblems('main')).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(resultsDir, 'console-units-dashboard.png'), fullPage: true });
  });

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});
