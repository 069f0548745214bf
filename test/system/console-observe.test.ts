// The console's observe pages in Chromium against a real relay and a fake upstream:
// a playground call streams the fake's answer → the logs page lists it with its tokens and
// its bill → the dashboard counts it. The pages are reached through the console shell.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsDir, startConsoleRig, watchForProblems, type ConsoleRig } from './console-harness.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { QUOTA_PER_USD } from '../../relay/billing/pricing.js';

/** Dollars as the English console writes them: "$0.0025" below a cent, else "$1,234.50" (the page is checked, not the console's own formatter). */
function formatUsd(quota: number): string {
  const usd = quota / QUOTA_PER_USD;
  const small = usd !== 0 && Math.abs(usd) < 0.01;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...(small ? { maximumSignificantDigits: 2 } : {}) }).format(usd);
}

const MODEL = 'fake-observe-model';
/** The model's price: $2.50 per 1M input tokens, output 4× that. */
const PRICE = { model_ratio: 1.25, completion_ratio: 4 };

let rig: ConsoleRig | undefined;
let upstream: FakeUpstream | undefined;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let apiKey = '';
let channelId = 0;
let origin = '';
const browserProblems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('observe', browserProblems);
  ({ origin, context, page } = rig);
  upstream = await startFakeOpenAIChat();
  admin = await setupAndLogin(rig.relay, 'owner.one', 'correct horse battery');
  channelId = await addChannel(admin, { type: 1, upstream, models: [MODEL], name: 'fake chat' });
  const priced = await admin.call('POST', '/api/models/meta', { name: MODEL, ...PRICE });
  if (!priced.json?.success) throw new Error(`pricing failed: ${priced.text}`);
  const created = await admin.call('POST', '/api/token/', { name: 'observe key', unlimited_quota: true });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  apiKey = created.json.data.key;

  const [name, ...value] = admin.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

/** A second tab with this session, at another size or colour scheme. */
async function viewTab(view: { width: number; height: number; colorScheme: 'light' | 'dark' }): Promise<{ tab: Page; close: () => Promise<void> }> {
  const viewContext = await rig!.browser.newContext({
    viewport: { width: view.width, height: view.height },
    colorScheme: view.colorScheme,
    // No bar animation: the screenshots show the drawn bars, not a frame of them growing.
    reducedMotion: 'reduce',
    storageState: await context.storageState(),
  });
  const tab = await viewContext.newPage();
  watchForProblems(tab, browserProblems);
  return { tab, close: () => viewContext.close() };
}

describe('console observe pages', () => {
  it('streams an answer in the playground with timings and usage', async () => {
    await page.goto(`${origin}/playground`);
    await page.getByRole('heading', { name: 'Playground', exact: true }).waitFor();
    // Optional (empty: the call is made as the signed-in user); a pasted key is tested here.
    const keyField = page.getByLabel('API key (optional)');
    expect(await keyField.getAttribute('type')).toBe('password');
    // The model list comes from /api/models.
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Model').inputValue()).toBe(MODEL);
    await page.getByLabel('Message').fill('hello from the playground');

    // A key the relay does not know: its message, readable.
    await keyField.fill('sk-not-a-real-key-000000000000');
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await page.getByRole('alert').textContent())?.trim().length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    await keyField.fill(apiKey);
    await page.getByLabel('Temperature').fill('0.5');
    await page.getByLabel('Reasoning effort').selectOption('low');
    // Ctrl+Enter in the message box sends.
    await page.getByLabel('Message').press('Control+Enter');
    await page.getByTestId('pg-answer').getByText('Echo: hello from the playground').waitFor();
    await page.getByTestId('pg-completion-tokens').filter({ hasText: /^\d+$/ }).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.getByTestId('pg-reasoning').textContent()).toBe('Thinking about it.');
    expect(Number(await page.getByTestId('pg-prompt-tokens').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('pg-meta').textContent()).toMatch(/First byte\d/);

    const sent = upstream!.requests.at(-1)!.body;
    expect(sent.stream).toBe(true);
    expect(sent.stream_options).toEqual({ include_usage: true });
    expect(sent.temperature).toBe(0.5);
    expect(sent.reasoning_effort).toBe('low');
    expect(await page.content()).not.toContain(apiKey);
    await page.screenshot({ path: join(resultsDir, 'console-playground.png'), fullPage: true });
  });

  it('lists the call on the logs page with its tokens, its cost, its bill and a CSV export', async () => {
    const logs = await admin.call('GET', '/api/log/self?type=2');
    const record = logs.json.data.items[0];
    expect(record.model).toBe(MODEL);
    // Charged at the model's price: (input + output × 4) × 1.25 quota units.
    expect(record.quota).toBe(Math.round((record.prompt_tokens + record.completion_tokens * PRICE.completion_ratio) * PRICE.model_ratio));

    await page.goto(`${origin}/logs`);
    await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: MODEL }).first();
    await row.waitFor();
    expect(await row.getByTestId('log-tokens').textContent()).toBe(`${record.prompt_tokens} / ${record.completion_tokens}`);
    expect(await row.getByTestId('log-cost').textContent()).toBe(formatUsd(record.quota));
    expect(await row.textContent()).toContain('observe key');

    await row.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: `Record #${record.id}` }).waitFor();
    const bill = drawer.getByTestId('log-billing');
    const reasoning = record.reasoning_tokens > 0 ? ` (${record.reasoning_tokens} reasoning)` : '';
    expect(await bill.locator('.bill__line').allTextContents()).toEqual([
      `Input${record.prompt_tokens} tokens × $2.5/1M = ${formatUsd(record.prompt_tokens * 1.25)}`,
      `Output${reasoning}${record.completion_tokens} tokens × $10/1M = ${formatUsd(record.completion_tokens * 5)}`,
      'Group “default”× 1',
      `Charged${formatUsd(record.quota)}`,
    ]);
    await page.screenshot({ path: join(resultsDir, 'console-logs-drawer.png'), fullPage: true });
    // A native modal dialog: focus inside it, back on Details after Escape; the backdrop closes it too.
    expect(await drawer.evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const details = row.getByRole('button', { name: /Details/ });
    expect(await details.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    await details.click();
    await drawer.waitFor();
    await page.mouse.click(100, 400);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Admins: everyone's records show the channel, and filter by it.
    await page.getByLabel("Everyone's records").check();
    await page.getByRole('columnheader', { name: 'Channel' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'fake chat' }).first().waitFor();
    const channelFilter = page.getByRole('combobox', { name: 'Channel' });
    await channelFilter.getByRole('option', { name: `fake chat (#${channelId})` }).waitFor({ state: 'attached' });
    await channelFilter.selectOption({ label: `fake chat (#${channelId})` });
    const filtered = page.waitForRequest((request) => request.url().includes('/api/log?') && request.url().includes(`channel=${channelId}`));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await filtered;
    await page.getByRole('row').filter({ hasText: 'fake chat' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(`channel=${channelId}`);

    // Filters go to the API and into the export link.
    await page.getByLabel('Model').fill('no-such-model');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No records match these filters.').waitFor();
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/log\/export\?/);
    expect(href).toContain('model=no-such-model');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('row').filter({ hasText: MODEL }).first().waitFor();
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
    expect(csv.split('\r\n')[0]).toContain('prompt_tokens');
    expect(csv).toContain(MODEL);
    // The wide table scrolls inside its box; the page itself does not.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(resultsDir, 'console-logs.png'), fullPage: true });
  });

  // Dark and narrow: the filters, the table (scrolling in its box) and the drawer fit.
  for (const view of [
    { name: 'dark', width: 1280, height: 900, colorScheme: 'dark' },
    { name: 'narrow', width: 420, height: 800, colorScheme: 'light' },
    { name: 'narrow-dark', width: 420, height: 800, colorScheme: 'dark' },
  ] as const) {
    it(`shows the logs page and a record's bill at ${view.width} px in ${view.colorScheme}`, async () => {
      const { tab, close } = await viewTab(view);
      try {
        await tab.goto(`${origin}/logs`);
        const row = tab.getByRole('row').filter({ hasText: MODEL }).first();
        await row.waitFor();
        expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(view.width);
        await tab.screenshot({ path: join(resultsDir, `console-logs-${view.name}.png`), fullPage: true });
        await row.getByRole('button', { name: /Details/ }).click();
        await tab.getByRole('dialog').getByTestId('log-billing').waitFor();
        expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(view.width);
        await tab.screenshot({ path: join(resultsDir, `console-logs-drawer-${view.name}.png`) });
      } finally {
        await close();
      }
    });
  }

  it("counts the request on the dashboard, the owner's and everyone's", async () => {
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByTestId('metric-requests').waitFor();
    expect(await page.getByTestId('metric-requests').textContent()).toBe('Requests, last 24 hours1');
    await page.getByRole('img', { name: /Requests by model/ }).waitFor();
    expect(await page.getByRole('img', { name: /Requests by model/ }).getAttribute('aria-label')).toContain(`${MODEL} 1`);
    await page.getByRole('button', { name: '7 days' }).click();
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('metric-requests').getByText('Requests, last 7 days').waitFor();

    const everyone = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/data');
    await page.getByRole('group', { name: 'Whose usage' }).getByRole('button', { name: 'Everyone' }).click();
    await everyone;
    await page.getByTestId('metric-requests').getByText('Requests, everyone, last 7 days').waitFor();
    expect(await page.getByTestId('metric-requests').textContent()).toBe('Requests, everyone, last 7 days1');
    await page.getByRole('group', { name: 'Whose usage' }).getByRole('button', { name: 'Mine' }).click();
    await page.getByTestId('metric-requests').getByText('Requests, last 7 days').waitFor();
  });

  it('shows a custom range of days, refusing one that ends before it starts', async () => {
    const { tab, close } = await viewTab({ width: 1280, height: 900, colorScheme: 'light' });
    try {
      await tab.goto(`${origin}/dashboard`);
      await tab.getByTestId('metric-requests').waitFor();
      await tab.getByRole('button', { name: 'Custom' }).click();
      const form = tab.getByRole('form', { name: 'Custom time range' });
      const today = localDate(0);
      const yesterday = localDate(-1);
      await form.getByLabel('From').fill(today);
      await form.getByLabel('To').fill(yesterday);
      await form.getByRole('button', { name: 'Show' }).click();
      expect(await form.getByRole('alert').textContent()).toBe('The end date is before the start date: choose an end date on or after it.');
      await tab.screenshot({ path: join(resultsDir, 'console-dashboard-custom-invalid.png') });

      await form.getByLabel('From').fill(yesterday);
      await form.getByLabel('To').fill(today);
      const loaded = tab.waitForResponse((response) => response.url().includes('/api/data/self'));
      await form.getByRole('button', { name: 'Show' }).click();
      await loaded;
      expect(await form.getByRole('alert').count()).toBe(0);
      await tab.getByTestId('metric-requests').getByText(/^Requests, \w+ \d+ – \w+ \d+$/).waitFor();
      expect(await tab.getByTestId('metric-requests').locator('.metric__value').textContent()).toBe('1');
      await waitForCharts(tab);
      await expectDashboardDrawn(tab, 1280);
      await tab.screenshot({ path: join(resultsDir, 'console-dashboard-custom.png'), fullPage: true });
    } finally {
      await close();
    }
  });

  // Every range in light and dark, wide and phone-sized: the plots are drawn (not only their
  // frames), one request is a bar of the full 0–1 axis, and the axis labels do not overlap.
  const views = [
    { name: '', width: 1280, height: 900, colorScheme: 'light' },
    { name: '-dark', width: 1280, height: 900, colorScheme: 'dark' },
    { name: '-phone', width: 390, height: 844, colorScheme: 'light' },
    { name: '-phone-dark', width: 390, height: 844, colorScheme: 'dark' },
  ] as const;
  for (const view of views) {
    it(`draws the dashboard's charts at ${view.width} px in ${view.colorScheme} for 24 hours, 7 days and 30 days`, async () => {
      const { tab, close } = await viewTab(view);
      try {
        await tab.goto(`${origin}/dashboard`);
        for (const range of ['24 hours', '7 days', '30 days'] as const) {
          if (range !== '24 hours') {
            const loaded = tab.waitForResponse((response) => response.url().includes('/api/data/self'));
            await tab.getByRole('button', { name: range }).click();
            await loaded;
          }
          await tab.getByTestId('metric-requests').getByText(`Requests, last ${range}`).waitFor();
          // A day is drawn per hour, longer ranges per day.
          const figure = range === '24 hours' ? 'Requests per hour' : 'Requests per day';
          await waitForCharts(tab, figure);
          await expectDashboardDrawn(tab, view.width, figure);
          const suffix = range === '24 hours' ? '' : `-${range === '7 days' ? '7d' : '30d'}`;
          await tab.screenshot({ path: join(resultsDir, `console-dashboard${view.name}${suffix}.png`), fullPage: true });
        }
        expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(view.width);
      } finally {
        await close();
      }
    });
  }

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});

/** Waits until the plots are drawn: recharts loads lazily and draws after its chunk arrives. */
async function waitForCharts(target: Page, figure = 'Requests per hour'): Promise<void> {
  await target.locator(`figure[aria-label="${figure}"] .chart__plot svg.recharts-surface`).waitFor();
  // A bar (up to a week of hours, or days) or the area (a month of hours): recharts draws no path for the zero buckets.
  await target.locator(`figure[aria-label="${figure}"]`).locator('.recharts-bar-rectangle path, .recharts-area-curve').first().waitFor();
  await target.locator(`figure[aria-label="${figure}"] .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value`).first().waitFor();
  await target.locator(`figure[aria-label="${figure}"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value`).first().waitFor();
  await target.locator('figure[aria-label="Requests by model"] .chart__plot svg.recharts-surface').waitFor();
  // The value after the bar: recharts adds it once the bar is drawn.
  await target.locator('figure[aria-label="Requests by model"] .recharts-label-list').getByText('1', { exact: true }).waitFor();
}

/** One request: a visible, full-height bar in its hour or day (0–1 axis), labels that do not overlap, the model's bar and value. */
async function expectDashboardDrawn(target: Page, width: number, figure = 'Requests per hour'): Promise<void> {
  const hourly = target.locator(`figure[aria-label="${figure}"]`);
  expect(await hourly.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents()).toEqual(['0', '1']);
  const grid = (await hourly.locator('.recharts-cartesian-grid').boundingBox())!;
  const bars = hourly.locator('.recharts-bar-rectangle path');
  const shape = (await bars.count()) > 0 ? bars.first() : hourly.locator('.recharts-area-curve');
  const drawn = (await shape.boundingBox())!;
  expect(drawn.height).toBeGreaterThan(grid.height - 3);
  expect(drawn.width).toBeGreaterThanOrEqual(1);
  const labels = await hourly.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  expect(labels.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < labels.length; i++) expect(labels[i]!.left).toBeGreaterThan(labels[i - 1]!.right);
  const plot = (await hourly.locator('.chart__plot').boundingBox())!;
  expect(labels.at(-1)!.right).toBeLessThanOrEqual(Math.min(width, plot.x + plot.width + 12));

  const byModel = target.locator('figure[aria-label="Requests by model"]');
  const modelBar = (await byModel.locator('.recharts-bar-rectangle path').first().boundingBox())!;
  expect(modelBar.width).toBeGreaterThan(40);
  expect(modelBar.height).toBeGreaterThan(10);
  expect(await byModel.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').textContent()).toBe(MODEL);
}

/** A local date `days` from today as a date input holds it (the browser and the test share the clock and zone). */
function localDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
