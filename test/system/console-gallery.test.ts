// Every page of the console (each link of the owner's navigation, so a new page is covered
// by adding it to the registry), in Chromium against a real relay holding a channel, a key and a call: at 1280×800
// in light and dark, and in a narrow window. Each page must draw its heading without an
// error, must not make the window scroll sideways when narrow, and must pass axe-core's
// WCAG 2 A/AA checks (labels, names, contrast in both themes) with nothing serious. The
// screenshots are the artifacts to look at (test-results/console-gallery-*.png).
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin } from '../helpers/relay.js';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';

const MODEL = 'fake-gallery-model';
const views = [
  { name: 'light', width: 1280, height: 800, colorScheme: 'light' as const },
  { name: 'dark', width: 1280, height: 800, colorScheme: 'dark' as const },
  { name: 'narrow', width: 400, height: 800, colorScheme: 'light' as const },
];

let rig: ConsoleRig;
let upstream: FakeUpstream;
let cookie = '';

beforeAll(async () => {
  rig = await startConsoleRig('gallery');
  upstream = await startFakeOpenAIChat();
  const owner = await setupAndLogin(rig.relay, 'owner', 'correct horse battery');
  await addChannel(owner, { type: 1, upstream, models: [MODEL], name: 'fake chat' });
  // Every page in three views makes more management calls than the per-IP API limit allows (429 then).
  expect((await owner.call('PUT', '/api/option', { values: { api_rate_limit: 0 } })).json.success).toBe(true);
  const created = await owner.call('POST', '/api/token/', { name: 'gallery key', unlimited_quota: true });
  // One call, so that the logs and the dashboard have something to show.
  const call = await fetch(`${rig.relay.relayBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${created.json.data.key}` },
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello gallery' }] }),
  });
  expect(call.status).toBe(200);
  cookie = owner.cookie;
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

async function openAs(view: (typeof views)[number]): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width: view.width, height: view.height }, colorScheme: view.colorScheme, reducedMotion: 'reduce' });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: rig.origin }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => rig.problems.push(`uncaught: ${error.message}`));
  return page;
}

/** The console's pages as the owner's navigation lists them: [title, path]. */
async function consolePages(page: Page): Promise<[string, string][]> {
  await page.goto(`${rig.origin}/`);
  // A narrow window keeps the navigation behind its menu button.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const links = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
  await links.first().waitFor();
  const found: [string, string][] = [];
  for (const link of await links.all()) found.push([(await link.innerText()).trim(), new URL((await link.getAttribute('href'))!, rig.origin).pathname]);
  return found;
}

describe.each(views)('every console page, $name ($width×$height)', (view) => {
  it('draws each page with its heading, no error, no sideways scroll and no serious accessibility problem', async () => {
    const page = await openAs(view);
    const all = await consolePages(page);
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const [title, path] of all) await checkPage(page, view.name, title, path);
    await page.context().close();
  }, 240_000);
});

/** One page: drawn, screenshot, no error shown, no sideways scroll, no serious axe finding (soft: every page is checked). */
async function checkPage(page: Page, viewName: string, title: string, path: string): Promise<void> {
  await page.goto(`${rig.origin}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  const slug = path === '/' ? 'overview' : path.slice(1);
  await page.screenshot({ path: join(resultsDir, `console-gallery-${viewName}-${slug}.png`), fullPage: true });

  expect.soft(await page.getByRole('heading', { level: 1 }).first().textContent(), `${title}: its heading`).toBeTruthy();
  const errors = await page.locator('.alert--error').allInnerTexts();
  expect.soft(errors, `${title}: error messages on the page`).toEqual([]);
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  expect.soft(overflow, `${title}: pixels the page is wider than the window`).toBeLessThanOrEqual(0);

  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = audit.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect.soft(serious, `${title} (${viewName}): accessibility problems`).toEqual([]);
}

it('left no CSP violation or uncaught error on the way', () => {
  expect(rig.problems).toEqual([]);
});
