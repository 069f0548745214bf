// Two-step verification in the console, in Chromium against a real relay: the owner sets it
// up on the profile (QR image and secret), enables it with a code computed from the shown
// secret (the same TOTP library as the relay), gets backup codes once, verifies with a code
// to see a channel's keys, signs out, and signs in again with the password and then a code.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLogin } from '../helpers/relay.js';
import { stepCodes, wrongCode } from '../helpers/two-factor.js';
import { resultsDir, seriousA11yFindings, startConsoleRig, type ConsoleRig } from './console-harness.js';

const USERNAME = 'owner.totp';
const PASSWORD = 'correct horse battery';
const KEYS = ['sk-two-factor-first-0000aaaa', 'sk-two-factor-second-1111bbbb'];
const SOLO_KEY = 'sk-two-factor-solo-2222cccc';

let rig: ConsoleRig | undefined;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('console-two-factor', problems);
  page = rig.page;
  const owner = await setupAndLogin(rig.relay, USERNAME, PASSWORD);
  const channel = await owner.call('POST', '/api/channel/', { type: 1, name: 'Main', key: KEYS.join('\n'), models: 'm', base_url: 'http://127.0.0.1:9' });
  expect(channel.json?.success, channel.text).toBe(true);
  const solo = await owner.call('POST', '/api/channel/', { type: 1, name: 'Solo', key: SOLO_KEY, models: 'm', base_url: 'http://127.0.0.1:9' });
  expect(solo.json?.success, solo.text).toBe(true);
});

afterAll(async () => {
  await rig?.close();
});

const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
const nav = (name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();

describe('console: two-step verification', () => {
  let secret = '';

  it('enables it on the profile with a code computed from the shown secret, and shows the backup codes once', async () => {
    await page.goto(rig!.relay.consoleUrl);
    await heading('Sign in');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await nav('Profile');
    const card = page.getByTestId('two-factor-card');
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    await card.getByTestId('totp-secret').waitFor();
    secret = await card.getByTestId('totp-secret').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await card.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await card.getByTestId('totp-qr').evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: join(resultsDir, 'console-two-factor-1-setup.png'), fullPage: true });
    expect(await seriousA11yFindings(page)).toEqual([]);

    await card.getByLabel('Code from your app').fill((await stepCodes(secret)).previous);
    await card.getByRole('button', { name: 'Enable' }).click();
    await card.getByTestId('backup-codes').waitFor();
    const backupCodes = await card.getByTestId('backup-codes').locator('li').allInnerTexts();
    expect(backupCodes).toHaveLength(4);
    expect(await card.textContent()).toContain('Backup codes left: 4');
    await page.screenshot({ path: join(resultsDir, 'console-two-factor-2-enabled.png'), fullPage: true });
    expect(await seriousA11yFindings(page)).toEqual([]);

    // Shown once: a fresh visit of the profile shows the state, not the codes.
    await nav('Overview');
    await nav('Profile');
    await page.getByTestId('two-factor-card').getByText('Backup codes left: 4', { exact: false }).waitFor();
    expect(await page.getByTestId('backup-codes').count()).toBe(0);
  });

  it("asks for a security verification (a code) before showing a channel's keys", async () => {
    await nav('Channels');
    await heading('Channels');
    await page.getByRole('row', { name: /Main/ }).getByRole('button', { name: 'Keys of channel Main' }).click();
    const panel = page.getByRole('dialog', { name: 'Keys of Main' });
    await panel.getByRole('button', { name: 'Show keys' }).click();
    const verify = page.getByRole('dialog', { name: 'Security verification' });
    await verify.getByLabel('Code').waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    await verify.getByLabel('Code').fill((await stepCodes(secret)).current);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await panel.getByTestId('revealed-keys').waitFor();
    expect(await panel.getByLabel(/The keys, one per line/).inputValue()).toBe(KEYS.join('\n'));
    await page.screenshot({ path: join(resultsDir, 'console-two-factor-3-keys.png') });
    await panel.getByRole('button', { name: 'Done' }).click();

    // A single key from the channel's form; the verification still runs, so no second dialog.
    await page.getByRole('row', { name: /Solo/ }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Manage the key' }).click();
    const solo = page.getByRole('dialog', { name: 'Keys of Solo' });
    await solo.getByRole('button', { name: 'Show keys' }).click();
    await solo.getByTestId('revealed-keys').waitFor();
    expect(await solo.getByLabel(/The keys, one per line/).inputValue()).toBe(SOLO_KEY);
    expect(await page.getByRole('dialog', { name: 'Security verification' }).count()).toBe(0);
    await solo.getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
  });

  it('signs out, and signs in again with the password and then a code', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading('Sign in');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading('Two-step verification');
    await page.screenshot({ path: join(resultsDir, 'console-two-factor-4-code-step.png') });
    expect(await seriousA11yFindings(page)).toEqual([]);
    await page.getByLabel('Code').fill(await wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('Wrong code.').waitFor();
    await page.getByLabel('Code').fill((await stepCodes(secret)).next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    expect(problems).toEqual([]);
  });
});
