// The console's observe pages in Chromium against a real relay and a fake upstream:
// a playground call streams the fake's answer → the logs page lists it with its tokens →
// the dashboard counts it. The pages are reached through the console shell (registry routes).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchChromium, watchForProblems } from './console-harness.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type AppLogger } from '../../relay/index.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = join(repoRoot, 'test-results');
const MODEL = 'fake-observe-model';

type Relay = Awaited<ReturnType<typeof startRelay>>;
const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };

let workDir = '';
let relay: Relay | undefined;
let upstream: FakeUpstream | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let apiKey = '';
let origin = '';
const browserProblems: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'relaydesk-observe-'));
  const consoleDir = join(workDir, 'console');
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });

  await build({
    configFile: join(repoRoot, 'vite.config.ts'),
    build: { outDir: consoleDir, emptyOutDir: true },
    logLevel: 'silent',
  });

  upstream = await startFakeOpenAIChat();
  relay = await startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  origin = new URL(relay.consoleUrl).origin;
  admin = await setupAndLogin(relay, 'owner.one', 'correct horse battery');
  await addChannel(admin, { type: 1, upstream, models: [MODEL], name: 'fake chat' });
  const created = await admin.call('POST', '/api/token/', { name: 'observe key', unlimited_quota: true });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  apiKey = created.json.data.key;

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const [name, ...value] = admin.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
  page = await context.newPage();
  watchForProblems(page, browserProblems);
});

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await upstream?.close();
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

describe('console observe pages', () => {
  it('streams an answer in the playground with timings and usage', async () => {
    await page.goto(`${origin}/playground`);
    await page.getByRole('heading', { name: 'Playground', exact: true }).waitFor();
    const keyField = page.getByLabel('API key');
    expect(await keyField.getAttribute('type')).toBe('password');
    // The model list comes from /api/models.
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Model').inputValue()).toBe(MODEL);

    // Without a key: an inline error, no call.
    await page.getByLabel('Message').fill('hello from the playground');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Paste an API key first.').waitFor();

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

  it('lists the call on the logs page with its tokens, details and a CSV export', async () => {
    const logs = await admin.call('GET', '/api/log/self?type=2');
    const record = logs.json.data.items[0];
    expect(record.model).toBe(MODEL);

    await page.goto(`${origin}/logs`);
    await page.getByRole('heading', { name: 'Logs', exact: true }).waitFor();
    const row = page.getByTestId('log-row').filter({ hasText: MODEL }).first();
    await row.waitFor();
    expect(await row.getByTestId('log-tokens').textContent()).toBe(`${record.prompt_tokens} / ${record.completion_tokens}`);
    expect(await row.textContent()).toContain('observe key');

    await row.getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: `Record #${record.id}` }).waitFor();
    expect(await drawer.textContent()).toContain('Quota charged');
    await page.screenshot({ path: join(resultsDir, 'console-logs-drawer.png'), fullPage: true });
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Admins: everyone's records show the channel.
    await page.getByLabel("Everyone's records").check();
    await page.getByRole('columnheader', { name: 'Channel' }).waitFor();
    await page.getByTestId('log-row').filter({ hasText: 'fake chat' }).first().waitFor();

    // Filters go to the API and into the export link.
    await page.getByLabel('Model').fill('no-such-model');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No records match these filters.').waitFor();
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/log\/export\?/);
    expect(href).toContain('model=no-such-model');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('log-row').first().waitFor();
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
    expect(csv.split('\r\n')[0]).toContain('prompt_tokens');
    expect(csv).toContain(MODEL);
    // The wide table scrolls inside its box; the page itself does not.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(resultsDir, 'console-logs.png'), fullPage: true });
  });

  it('counts the request on the dashboard', async () => {
    await page.goto(`${origin}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByTestId('metric-requests').waitFor();
    expect(await page.getByTestId('metric-requests').textContent()).toContain('1');
    await page.getByRole('img', { name: /Requests by model/ }).waitFor();
    expect(await page.getByRole('img', { name: /Requests by model/ }).getAttribute('aria-label')).toContain(`${MODEL} 1`);
    await page.getByRole('button', { name: '7 days' }).click();
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('metric-requests').waitFor();
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
      const viewContext = await browser!.newContext({
        viewport: { width: view.width, height: view.height },
        colorScheme: view.colorScheme,
        // No bar animation: the screenshots show the drawn bars, not a frame of them growing.
        reducedMotion: 'reduce',
        storageState: await context.storageState(),
      });
      try {
        const tab = await viewContext.newPage();
        watchForProblems(tab, browserProblems);
        await tab.goto(`${origin}/dashboard`);
        for (const range of ['24 hours', '7 days', '30 days'] as const) {
          if (range !== '24 hours') {
            const loaded = tab.waitForResponse((response) => response.url().includes('/api/data/self'));
            await tab.getByRole('button', { name: range }).click();
            await loaded;
          }
          await tab.getByTestId('metric-requests').getByText(`Requests, last ${range}`).waitFor();
          await waitForCharts(tab);
          await expectDashboardDrawn(tab, view.width);
          const suffix = range === '24 hours' ? '' : `-${range === '7 days' ? '7d' : '30d'}`;
          await tab.screenshot({ path: join(resultsDir, `console-dashboard${view.name}${suffix}.png`), fullPage: true });
        }
        expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(view.width);
      } finally {
        await viewContext.close();
      }
    });
  }

  it('runs under the relay Content-Security-Policy without violations or uncaught errors', () => {
    expect(browserProblems).toEqual([]);
  });
});

/** Waits until the plots are drawn: recharts loads lazily and draws after its chunk arrives. */
async function waitForCharts(target: Page): Promise<void> {
  await target.locator('figure[aria-label="Requests per hour"] .chart__plot svg.recharts-surface').waitFor();
  // A bar (up to a week of hours) or the area (a month): recharts draws no path for the zero hours.
  await target.locator('figure[aria-label="Requests per hour"]').locator('.recharts-bar-rectangle path, .recharts-area-curve').first().waitFor();
  await target.locator('figure[aria-label="Requests per hour"] .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first().waitFor();
  await target.locator('figure[aria-label="Requests per hour"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first().waitFor();
  await target.locator('figure[aria-label="Requests by model"] .chart__plot svg.recharts-surface').waitFor();
  // The value after the bar: recharts adds it once the bar is drawn.
  await target.locator('figure[aria-label="Requests by model"] .recharts-label-list').getByText('1', { exact: true }).waitFor();
}

/** One request: a visible, full-height bar per hour (0–1 axis), labels that do not overlap, the model's bar and value. */
async function expectDashboardDrawn(target: Page, width: number): Promise<void> {
  const hourly = target.locator('figure[aria-label="Requests per hour"]');
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
