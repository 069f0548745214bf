// Every page of the console (the registry's list, so a new page is covered by adding it
// there), in Chromium against a real relay holding a channel, a key and a call: at 1280×800
// in light and dark, and in a narrow window. Each page must draw its heading without an
// error, and must not make the window scroll sideways when narrow. The screenshots are the
// artifacts to look at (test-results/console-gallery-*.png).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../renderer/pages/registry.js';
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

describe.each(views)('every console page, $name ($width×$height)', (view) => {
  let page: Page;
  beforeAll(async () => {
    page = await openAs(view);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it.each(pages.map((entry) => ({ title: entry.title, path: entry.path })))('$title draws without an error or a sideways scroll', async ({ title, path }) => {
    await page.goto(`${rig.origin}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
    const slug = path === '/' ? 'overview' : path.slice(1);
    await page.screenshot({ path: join(resultsDir, `console-gallery-${view.name}-${slug}.png`), fullPage: true });

    expect(await page.getByRole('heading', { level: 1 }).first().textContent(), `${title}: its heading`).toBeTruthy();
    const errors = await page.locator('.alert--error').allInnerTexts();
    expect(errors, `${title}: error messages on the page`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${title}: pixels the page is wider than the window`).toBeLessThanOrEqual(0);
  });
});

it('left no CSP violation or uncaught error on the way', () => {
  expect(rig.problems).toEqual([]);
});
