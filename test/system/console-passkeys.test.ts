// Passkeys in the console, in Chromium against a real relay, with a virtual authenticator
// (DevTools protocol WebAuthn domain: a platform authenticator keeping discoverable
// credentials, user verification always given): the owner adds a named passkey on the
// profile, signs out, signs in with it without username or password, renames it, removes it
// after a security verification made with it, and can no longer sign in with it. The console
// is opened on localhost: WebAuthn refuses an IP address as the relying party.
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { resultsDir, startConsoleRig, type ConsoleRig } from './console-harness.js';

const USERNAME = 'owner.passkey';
const PASSWORD = 'correct horse battery';

let rig: ConsoleRig | undefined;
let page: Page;
let cdp: CDPSession;
let authenticatorId = '';
let owner: ApiClient;
let consoleUrl = '';
const problems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('console-passkeys', problems);
  page = rig.page;
  owner = await setupAndLogin(rig.relay, USERNAME, PASSWORD);
  consoleUrl = rig.relay.consoleUrl.replace('//127.0.0.1:', '//localhost:');
  cdp = await rig.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  }));
});

afterAll(async () => {
  await rig?.close();
});

const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();
const nav = (name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
const card = () => page.getByTestId('passkeys-card');
const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function seriousViolations(): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

async function signOut() {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await heading('Sign in');
}

describe('console: passkeys', () => {
  it('adds a named passkey on the profile (kept by the authenticator as a discoverable credential)', async () => {
    await page.goto(consoleUrl);
    await heading('Sign in');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await nav('Profile');
    await card().getByText('No passkeys yet.').waitFor();
    await card().getByLabel('Name of the new passkey').fill('This laptop');
    await card().getByRole('button', { name: 'Add a passkey' }).click();
    await card().getByText('Passkey "This laptop" added: you can sign in with it.').waitFor();
    await card().getByRole('row', { name: /This laptop/ }).waitFor();
    const kept = await credentials();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.isResidentCredential).toBe(true);
    expect(kept[0]!.rpId).toBe('localhost');
    expect((await owner.call('GET', '/api/user/passkey')).json.data.map((p: { name: string }) => p.name)).toEqual(['This laptop']);
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-passkeys-1-added.png'), fullPage: true });
  });

  it('signs out, and signs in with the passkey alone (no username, no password)', async () => {
    await signOut();
    // The sign-in page remembers the last username: emptied, to show the passkey needs none.
    await page.getByLabel('Username').fill('');
    await page.screenshot({ path: join(resultsDir, 'console-passkeys-2-sign-in.png') });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    expect((await credentials())[0]!.signCount).toBeGreaterThan(0);
    await expect
      .poll(async () => (await owner.call('GET', '/api/log/?type=7&page_size=20')).json.data.items.map((r: { content: string }) => r.content))
      .toContain('signed in with a passkey (This laptop)');
    await nav('Profile');
    await card().getByRole('row', { name: /This laptop/ }).waitFor();
    expect(await card().getByRole('row', { name: /This laptop/ }).textContent()).not.toContain('Never');
  });

  it('renames it, removes it after a security verification made with it, and it no longer signs in', async () => {
    await card().getByRole('button', { name: 'Rename passkey This laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await card().getByRole('row', { name: /Work laptop/ }).waitFor();

    await card().getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    const verify = page.getByRole('dialog', { name: 'Security verification' });
    await verify.getByRole('button', { name: 'Use a passkey' }).waitFor();
    // The password is not offered: a passkey is set up.
    expect(await verify.getByLabel('Password').count()).toBe(0);
    await page.screenshot({ path: join(resultsDir, 'console-passkeys-3-verify.png') });
    await verify.getByRole('button', { name: 'Use a passkey' }).click();
    await card().getByText('Passkey "Work laptop" removed.').waitFor();
    await card().getByText('No passkeys yet.').waitFor();
    expect((await owner.call('GET', '/api/user/passkey')).json.data).toEqual([]);

    // The authenticator still holds the credential; the relay no longer knows it.
    await signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').getByText('This passkey is not registered here (it may have been removed).').waitFor();
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
