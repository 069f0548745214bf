// How the console fits the window, in Chromium against a real relay: the channels table of a
// realistic list at 1280×800 (every row's actions fully visible, "—" for balances not read),
// a console address that does not exist, and the navigation of a 400 px window behind a menu
// button (open, links not clipped, closed by a link and by Escape, axe-core's checks).
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLogin } from '../helpers/relay.js';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';

let rig: ConsoleRig;
let cookie = '';

/** Channels as a relay in use has them: long names, several models and groups, several keys. */
const CHANNELS = [
  { type: 1, name: 'OpenAI production (team billing account)', models: 'gpt-4o-mini,gpt-4o-2024-11-20,gpt-4.1-mini,o4-mini,text-embedding-3-large', group: 'default,vip', key: 'sk-a\nsk-b\nsk-c' },
  { type: 14, name: 'Anthropic Claude (EU data residency)', models: 'claude-3-7-sonnet-20250219,claude-sonnet-4-20250514,claude-3-5-haiku-20241022', group: 'default' },
  { type: 24, name: 'Gemini', models: 'gemini-2.5-pro,gemini-2.5-flash,gemini-2.5-flash-lite-preview-06-17', group: 'default,research' },
  { type: 20, name: 'OpenRouter fallback for everything else', models: 'anthropic/claude-opus-4.1,deepseek/deepseek-r1-0528,meta-llama/llama-4-maverick', group: 'default' },
  { type: 43, name: 'DeepSeek', models: 'deepseek-chat,deepseek-reasoner', group: 'default' },
  { type: 8, name: 'Self-hosted vLLM on the lab GPU box', models: 'Qwen/Qwen3-235B-A22B-Instruct-2507-FP8', group: 'research', base_url: 'http://10.0.0.12:8000' },
];

beforeAll(async () => {
  rig = await startConsoleRig('layout');
  const owner = await setupAndLogin(rig.relay, 'owner', 'correct horse battery');
  for (const channel of CHANNELS) {
    const created = await owner.call('POST', '/api/channel/', { key: 'sk-upstream', base_url: 'http://127.0.0.1:9', ...channel });
    expect(created.json?.success, created.text).toBe(true);
  }
  cookie = owner.cookie;
});

afterAll(async () => {
  await rig?.close();
});

async function openAs(width: number, height: number): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width, height }, colorScheme: 'light', reducedMotion: 'reduce' });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: rig.origin }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => rig.problems.push(`uncaught: ${error.message}`));
  return page;
}

/** Whether `element` is drawn whole: inside the window and every scrolling ancestor, its text not cut. */
async function drawnWhole(element: Locator): Promise<{ inWindow: boolean; inScroller: boolean; textFits: boolean }> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const view = node.ownerDocument.defaultView!;
    let inScroller = true;
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = view.getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) inScroller = false;
    }
    return {
      inWindow: box.left >= 0 && box.right <= view.innerWidth && box.width > 0,
      inScroller,
      textFits: node.scrollWidth <= node.clientWidth,
    };
  });
}

describe('channels table at 1280×800', () => {
  it('shows every row action whole and "—" for balances nobody has read', async () => {
    const page = await openAs(1280, 800);
    await page.goto(`${rig.origin}/channels`);
    const table = page.getByRole('table', { name: 'Channels' });
    await table.getByRole('row', { name: /Self-hosted vLLM/ }).waitFor();
    await page.screenshot({ path: join(resultsDir, 'console-layout-channels-1280.png'), fullPage: true });

    for (const channel of CHANNELS) {
      for (const action of ['Test', 'Edit', 'Delete']) {
        const button = table.getByRole('button', { name: `${action} channel ${channel.name}`, exact: true });
        expect(await button.innerText()).toBe(action);
        expect(await drawnWhole(button), `${action} of ${channel.name}`).toEqual({ inWindow: true, inScroller: true, textFits: true });
      }
    }
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);

    // No balance was read: "—", never "$0.00".
    const balances = await table.getByTestId(/^balance-/).allInnerTexts();
    expect(balances).toHaveLength(CHANNELS.length);
    for (const text of balances) expect(text).not.toContain('$');
    await page.context().close();
  });
});

describe('an address that is no console page', () => {
  it('says "Page not found" and leads back to the overview', async () => {
    const page = await openAs(1280, 800);
    // The relay serves the console for every such address (a single-page app): the page says it is not found.
    const response = await page.goto(`${rig.origin}/does-not-exist`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your relay is running' }).count()).toBe(0);
    expect(await page.title()).toBe('Page not found · Relaydesk');
    await page.screenshot({ path: join(resultsDir, 'console-layout-not-found.png') });
    await page.getByRole('link', { name: 'Back to the overview' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your relay is running' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});

/** axe-core's WCAG 2 A/AA findings that are serious or critical. */
async function seriousFindings(page: Page): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('navigation of a 400 px window', () => {
  it('waits behind a menu button, opens whole, and closes on a link and on Escape', async () => {
    const page = await openAs(400, 800);
    await page.goto(`${rig.origin}/`);
    await page.getByRole('heading', { level: 1, name: 'Your relay is running' }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('nav[aria-label="Console"]');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));
    expect(await nav.isVisible()).toBe(false);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-layout-narrow-closed.png') });

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = nav.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(12);
    // Focus goes to the current page's link.
    expect(await nav.evaluate((element) => element.ownerDocument.activeElement?.textContent)).toBe('Overview');
    for (const link of await links.all()) {
      expect(await drawnWhole(link), await link.innerText()).toEqual({ inWindow: true, inScroller: true, textFits: true });
    }
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-layout-narrow-open.png') });

    // Escape closes it, focus back on the button.
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);

    // Following a link closes it and opens the page.
    await menu.click();
    await nav.getByRole('link', { name: 'Playground' }).click();
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/playground');
    expect(await page.getByRole('main').evaluate((main) => main === main.ownerDocument.activeElement)).toBe(true);

    // A click beside the drawer closes it too.
    await menu.click();
    await page.mouse.click(390, 700);
    expect(await nav.isVisible()).toBe(false);
    await page.context().close();
  });
});

it('left no CSP violation or uncaught error on the way', () => {
  expect(rig.problems).toEqual([]);
});
