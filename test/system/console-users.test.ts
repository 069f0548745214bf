// Registration and user management in Chromium against a real relay: a visitor registers
// through an invitation link and the inviter's count and reward show on the Users page; an
// administrator disables a user there and that user's API key is refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin } from '../helpers/relay.js';
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
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

describe('console: registration and users', () => {
  it('registers a user through an invitation link; the inviter sees the count and the reward', async () => {
    const self = (await owner.call('GET', '/api/user/search?keyword=owner')).json.data.items[0];
    const page = rig.page;
    await page.goto(`${rig.origin}/`);
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await page.goto(`${rig.origin}/register?aff=${self.aff_code}`);
    await expect.poll(() => page.getByLabel('Invitation code').inputValue()).toBe(self.aff_code);
    await page.getByLabel('Username').fill('casey');
    await page.getByLabel('Password', { exact: true }).fill('casey-password-1');
    await page.getByLabel('Confirm password').fill('casey-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your account is ready: sign in.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await signInAs('owner', 'correct horse battery');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    const ownerRow = page.getByRole('row').filter({ hasText: 'owner' });
    await expect.poll(() => ownerRow.getByRole('cell').nth(6).textContent()).toBe('1 ($0.20)');
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
});
