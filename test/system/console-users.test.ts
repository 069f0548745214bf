// Registration and user management in Chromium against a real relay: a visitor registers
// through an invitation link and the inviter's count and reward show on the Users page; an
// administrator disables a user there and that user's API key is refused at once.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin } from '../helpers/relay.js';
import { codeIn, startSmtpInbox } from '../helpers/smtp-inbox.js';
import { watchForProblems } from './console-harness.js';
import { startConsoleRig, type ConsoleRig } from './console-harness.js';

let rig: ConsoleRig;
let owner: ApiClient;

beforeAll(async () => {
  rig = await startConsoleRig('users');
  owner = await setupAndLogin(rig.relay, 'owner', 'correct horse battery');
  const saved = await owner.call('PUT', '/api/option/', { values: { registration_policy: 'invite', invitation_reward_quota: 100_000, new_user_quota: 500_000 } });
  expect(saved.json.success, saved.text).toBe(true);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

async function signInAs(username: string, password: string) {
  const page = rig.page;
  await page.goto(`${rig.origin}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

/** Serious or critical axe-core findings on the page as it stands. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('console: registration and users', () => {
  it('registers a user through an invitation link; the inviter sees the count and the reward', async () => {
    const self = (await owner.call('GET', '/api/user/search?keyword=owner')).json.data.items[0];
    const page = rig.page;
    await page.goto(`${rig.origin}/`);
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await page.goto(`${rig.origin}/register?aff=${self.aff_code}`);
    await expect.poll(() => page.getByLabel('Invitation code').inputValue()).toBe(self.aff_code);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Username').fill('casey');
    await page.getByLabel('Password', { exact: true }).fill('casey-password-1');
    await page.getByLabel('Confirm password').fill('casey-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your account is ready: sign in.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await signInAs('owner', 'correct horse battery');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    const ownerRow = page.getByRole('row').filter({ hasText: 'owner' });
    await expect.poll(() => ownerRow.getByRole('cell').nth(7).textContent()).toBe('1 ($0.20)');
    const caseyRow = page.getByRole('row').filter({ hasText: 'casey' });
    await expect.poll(() => caseyRow.getByRole('cell').nth(4).textContent()).toBe('$1.00');
    expect(rig.problems).toEqual([]);
  }, 60_000);

  it('an admin disables a user on the Users page and that user’s key is refused at once', async () => {
    const casey = new ApiClient(rig.origin);
    expect((await casey.call('POST', '/api/user/login', { username: 'casey', password: 'casey-password-1' })).json.success).toBe(true);
    const key = (await casey.call('POST', '/api/token/', { name: 'laptop', unlimited_quota: true })).json.data.key as string;
    const models = () => fetch(`${rig.relay.relayBaseUrl}/models`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect(await models()).toBe(200);

    const page = rig.page;
    await page.goto(`${rig.origin}/users`);
    await page.getByRole('button', { name: 'Disable casey' }).click();
    await page.getByText('Disabled casey').waitFor();
    expect(await models()).toBe(403);
    expect((await casey.call('GET', '/api/user/self')).status).toBe(401);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'casey' }).getByText('Disabled', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Enable casey' }).click();
    await page.getByText('Enabled casey.').waitFor();
    expect(await models()).toBe(200);
    expect(rig.problems).toEqual([]);
  }, 60_000);

  it('resets a forgotten password with the mailed code, then changes the email address on the profile', async () => {
    const inbox = await startSmtpInbox();
    await owner.call('PUT', '/api/option/', { values: { smtp_server: '127.0.0.1', smtp_port: inbox.port, smtp_from: 'relay@example.com' } });
    const casey = (await owner.call('GET', '/api/user/search?keyword=casey')).json.data.items[0];
    expect((await owner.call('PUT', `/api/user/${casey.id}`, { email: 'casey@example.com' })).json.success).toBe(true);

    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchForProblems(page, rig.problems);
    await page.goto(`${rig.origin}/`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('casey@example.com');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    const code = codeIn(await inbox.mailTo('casey@example.com'), /reset code is ([A-Za-z0-9]{10})/);
    await page.getByLabel('Reset code').fill(code);
    await page.getByLabel('New password').fill('casey-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed: sign in with the new one.').waitFor();
    await page.getByLabel('Username').fill('casey');
    await page.getByLabel('Password', { exact: true }).fill('casey-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();

    await page.goto(`${rig.origin}/profile`);
    await page.getByLabel('New email address').fill('casey@new.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    const emailCode = codeIn(await inbox.mailTo('casey@new.example.com'), /is (\d{6})/);
    await page.getByLabel('Code from the mail').fill(emailCode);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('Your email address is casey@new.example.com now.').waitFor();
    expect((await owner.call('GET', `/api/user/${casey.id}`)).json.data.email).toBe('casey@new.example.com');
    await context.close();
    expect(rig.problems).toEqual([]);
  }, 60_000);

  it('an admin creates a user, finds them by search and edits them on the Users page', async () => {
    const page = rig.page; // signed in as the owner by the first test
    await page.goto(`${rig.origin}/users`);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('dana');
    await dialog.getByLabel('Password').fill('dana-password-1');
    await dialog.getByLabel('Role').selectOption({ label: 'Admin' });
    await dialog.getByLabel('Balance (USD)').fill('2.5');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Created dana.').waitFor();

    await page.getByLabel('Search users').fill('dan');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and dana
    const row = page.getByRole('row').filter({ hasText: 'dana' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Admin');
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('$2.50');
    await page.getByRole('button', { name: 'Edit dana' }).click();
    await dialog.getByLabel('Display name').fill('Dana D');
    await dialog.getByLabel('Balance (USD)').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved dana.').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('$3.00');
    expect(await row.getByRole('cell').first().textContent()).toContain('Dana D');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Another user's password: after a security verification (the owner's password here).
    await page.getByRole('button', { name: 'Set the password of dana' }).click();
    await dialog.getByLabel('New password').fill('dana-password-2');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('dialog', { name: 'Security verification' }).getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Password of dana changed; they were signed out.').waitFor();
    expect((await new ApiClient(rig.origin).call('POST', '/api/user/login', { username: 'dana', password: 'dana-password-2' })).json.success).toBe(true);
    expect((await owner.call('GET', '/api/log/?type=1')).json.data.items.map((l: { content: string }) => l.content)).toContain('quota set to 1500000 (by owner)');
    expect(rig.problems).toEqual([]);
  }, 60_000);
});
