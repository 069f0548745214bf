// The console's languages in Chromium against a real relay: English by default; switched to
// Simplified Chinese the console speaks Chinese, with dates and amounts written for zh-CN,
// after a reload too; the choice is kept with the account, so signing in from a fresh browser
// (English, nothing stored) brings the console back in Chinese.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin } from '../helpers/relay.js';
import { startConsoleRig, watchForProblems, type ConsoleRig } from './console-harness.js';

let rig: ConsoleRig;
let owner: ApiClient;

beforeAll(async () => {
  rig = await startConsoleRig('languages');
  owner = await setupAndLogin(rig.relay, 'owner', 'correct horse battery');
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

/** Signs in on the sign-in page, whose labels are given in the language it shows. */
async function signIn(page: Page, labels: { username: string; password: string; signIn: string }) {
  await page.goto(`${rig.origin}/`);
  await page.getByLabel(labels.username).fill('owner');
  await page.getByLabel(labels.password, { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
  await page.locator('nav.sidenav').waitFor();
}

const ENGLISH = { username: 'Username', password: 'Password', signIn: 'Sign in' };

describe('console: languages', () => {
  it('switches to Simplified Chinese, keeps it over a reload and brings it to a fresh browser after sign-in', async () => {
    const page = rig.page;
    await signIn(page, ENGLISH);
    await page.goto(`${rig.origin}/profile`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profile');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('profile-balance').textContent()).toMatch(/^\$\d/);

    await page.getByLabel('Language').selectOption('zh-CN');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('个人设置');
    await page.getByRole('link', { name: '渠道' }).waitFor();
    // Kept with the account, not only in this browser.
    await expect.poll(async () => (await owner.call('GET', '/api/user/self')).json.data.language).toBe('zh-CN');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('个人设置');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    // Money in US dollars as zh-CN writes them, the last sign-in as a zh-CN date.
    expect(await page.getByTestId('profile-balance').textContent()).toMatch(/^US\$\d/);
    expect(await page.getByTestId('profile-facts').textContent()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

    // A fresh browser in English: the sign-in page is English until the account says otherwise.
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const fresh = await context.newPage();
      const problems: string[] = [];
      watchForProblems(fresh, problems);
      await signIn(fresh, ENGLISH);
      await fresh.getByRole('link', { name: '概览' }).waitFor();
      expect(await fresh.locator('html').getAttribute('lang')).toBe('zh-CN');
      await fresh.goto(`${rig.origin}/profile`);
      await expect.poll(() => fresh.getByRole('heading', { level: 1 }).textContent()).toBe('个人设置');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    expect(rig.problems).toEqual([]);
  });

  it('offers the language before sign-in, remembered in that browser only', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${rig.origin}/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
      await page.getByLabel('Language').selectOption('zh-CN');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('登录');
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('登录');
      expect(await page.getByLabel('用户名').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('refuses a language the console does not speak', async () => {
    const answer = await owner.call('PUT', '/api/user/self/language', { language: 'fr' });
    expect(answer.status).toBe(400);
    expect(answer.json.success).toBe(false);
    expect((await owner.call('GET', '/api/user/self')).json.data.language).toBe('zh-CN');
  });
});
