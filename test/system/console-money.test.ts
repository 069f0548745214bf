// The money pages in Chromium against a real relay and a fake Stripe: an administrator makes
// redemption codes (shown once), a user redeems one and sees the balance rise, pays by card
// (the fake's checkout page, then Stripe's signed webhook) and sees the credit arrive, moves
// invitation rewards into the balance and reads the prices of the models they may call; an
// administrator completes a pending payment by hand. Each page passes axe's WCAG 2 A/AA checks.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type AppLogger, type RelayHandle } from '../../relay/index.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fake-upstreams/stripe.js';
import { addChannel } from '../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin } from '../helpers/relay.js';
import { buildConsole, launchChromium, resultsDir, watchForProblems } from './console-harness.js';

const quietLog: AppLogger = { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) };
const usd = (quota: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(quota / 500_000);

let workDir = '';
let relay: RelayHandle | undefined;
let stripe: FakeStripe | undefined;
let browser: Browser | undefined;
let origin = '';
let owner: ApiClient;
let alice: ApiClient;
const problems: string[] = [];
/** Made by the administrator in the first test, redeemed by alice in the next. */
let codes: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'relaydesk-money-'));
  const consoleDir = join(workDir, 'console');
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });
  await buildConsole(consoleDir);
  stripe = await startFakeStripe();

  const start = () => startRelay({ host: '127.0.0.1', port: 0, dataDir, secretBackend: 'encrypted-file', consoleDir, log: quietLog });
  const first = await start();
  const setup = await setupAndLogin(first, 'owner', 'correct horse battery');
  // Listed for the pricing page, never called.
  await addChannel(setup, { type: 1, upstream: { url: 'http://127.0.0.1:9' } as FakeUpstream, models: ['gpt-4o', 'dall-e-3'] });
  for (const [key, value] of Object.entries({ stripe_secret_key: FAKE_STRIPE_KEY, stripe_webhook_secret: FAKE_WEBHOOK_SECRET, stripe_api_base: stripe.url, payment_unit_price: 1.2 })) {
    expect((await setup.call('PUT', '/api/option', { key, value })).json.success).toBe(true);
  }
  await first.close();
  // 3 USD of invitation rewards to move.
  await seedUsers(dataDir, [{ username: 'alice', aff_quota: 1_500_000 }]);
  relay = await start();
  origin = new URL(relay.consoleUrl).origin;
  owner = new ApiClient(origin);
  alice = new ApiClient(origin, { origin });
  expect((await owner.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' })).json.success).toBe(true);
  expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await relay?.close();
  await stripe?.close();
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

/** A page signed in with the client's session (the sign-in page has its own tests). */
async function pageAs(client: ApiClient): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', locale: 'en-US' });
  const [name, ...value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
  const page = await context.newPage();
  watchForProblems(page, problems);
  return page;
}

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** axe-core's serious and critical WCAG 2 A/AA findings on the page as it stands. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const quotaOf = async (client: ApiClient): Promise<number> => (await client.call('GET', '/api/user/self')).json.data.quota;
const balance = (page: Page) => page.getByTestId('wallet-balance');

describe('redemption codes (administrator)', () => {
  it('makes a batch of codes, shows them once with copy-all, and lists them masked', async () => {
    const page = await pageAs(owner);
    await open(page, '/redemptions', 'Redemption codes');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Make codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make redemption codes' });
    await dialog.getByLabel('Name').fill('launch');
    await dialog.getByLabel('Each adds (USD)').fill('2');
    await dialog.getByLabel('How many').fill('3');
    await dialog.getByRole('button', { name: 'Make codes' }).click();

    const shown = page.getByRole('dialog', { name: 'Your 3 new codes' });
    await shown.waitFor();
    codes = (await shown.getByTestId('new-codes').inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    await expect(shown.getByRole('button', { name: 'Copy all' }).isVisible()).resolves.toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-money-new-codes.png') });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed by their last four characters only; never shown again.
    const rows = page.getByRole('row').filter({ hasText: 'launch' });
    await expect.poll(() => rows.count()).toBe(3);
    expect((await page.getByTestId('code-hint').allInnerTexts()).sort()).toEqual(codes.map((c) => `…${c.slice(-4)}`).sort());
    const html = await page.content();
    for (const code of codes) expect(html).not.toContain(code);
    await page.reload();
    await rows.first().waitFor();
    for (const code of codes) expect(await page.content()).not.toContain(code);
    await page.context().close();
  });
});

describe('the wallet', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pageAs(alice);
  });

  it('redeems a code: the balance rises by its amount and the history lists it', async () => {
    const before = await quotaOf(alice);
    await open(page, '/wallet', 'Wallet');
    await expect.poll(() => balance(page).innerText()).toBe(usd(before));
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Redemption code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText(`Added ${usd(1_000_000)} to your balance.`).waitFor();
    await expect.poll(() => balance(page).innerText()).toBe(usd(before + 1_000_000));
    const row = page.getByRole('row').filter({ hasText: 'Redemption code' });
    await expect.poll(() => row.innerText()).toContain('Credited');
    // A used code is refused with the relay's reason.
    await page.getByLabel('Redemption code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByRole('alert').filter({ hasText: 'This redemption code was redeemed already.' }).waitFor();
  });

  it('pays by card on the fake Stripe page, shows the top-up pending, and the credit after the signed webhook', async () => {
    const before = await quotaOf(alice);
    await open(page, '/wallet', 'Wallet');
    await page.getByLabel('Amount (USD of quota)').fill('5');
    await page.getByText('You pay $6.00.').waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(`${stripe!.url}/pay/**`);
    const session = [...stripe!.sessions.values()].at(-1)!;
    expect(page.url()).toBe(session.url);
    expect(session).toMatchObject({ amount_total: 600, success_url: `${origin}/wallet?payment=done` });

    // Back from Stripe before its notice: the payment is pending, the balance unchanged.
    await page.goto(session.success_url);
    await page.getByText('Payment made. Your balance rises as soon as Stripe confirms it').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Card payment' });
    await expect.poll(() => row.innerText()).toContain('Pending');
    expect(await balance(page).innerText()).toBe(usd(before));
    expect(new URL(page.url()).search).toBe('');
    await page.screenshot({ path: join(resultsDir, 'console-money-wallet-pending.png'), fullPage: true });

    const notice = await stripe!.notify(`${origin}/api/stripe/webhook`, session.id);
    expect(notice.json.data.credited).toBe(true);
    // The wallet follows a pending payment: the credit shows without a reload.
    await expect.poll(() => balance(page).innerText(), { timeout: 15_000 }).toBe(usd(before + 2_500_000));
    await expect.poll(() => row.innerText()).toContain('Credited');
    expect(await row.innerText()).toContain('6 USD');
  });

  it('says so when the payment was cancelled', async () => {
    await page.goto(`${origin}/wallet?payment=cancelled`);
    await page.getByText('Payment cancelled: nothing was charged.').waitFor();
  });

  it('shows the invitation link and moves invitation rewards into the balance, at least 1 USD', async () => {
    const before = await quotaOf(alice);
    await open(page, '/wallet', 'Wallet');
    const code = (await alice.call('GET', '/api/user/aff')).json.data.aff_code;
    await expect.poll(() => page.getByTestId('invitation-link').inputValue()).toBe(`${origin}/register?aff=${code}`);
    expect(await page.getByTestId('invitation-rewards').innerText()).toBe('$3.00');
    const amount = page.getByLabel('Move to balance (USD)');
    await amount.fill('0.5');
    await page.getByRole('button', { name: 'Move to balance' }).click();
    await page.getByText('At least $1.00.').waitFor();
    expect(await quotaOf(alice)).toBe(before);

    await amount.fill('2');
    await page.getByRole('button', { name: 'Move to balance' }).click();
    await page.getByText('Moved $2.00 of invitation rewards into your balance.').waitFor();
    await expect.poll(() => balance(page).innerText()).toBe(usd(before + 1_000_000));
    await expect.poll(() => page.getByTestId('invitation-rewards').innerText()).toBe('$1.00');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Invitation rewards' }).count()).toBe(1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-money-wallet.png'), fullPage: true });
  });

  it("lists the models alice may call with her group's prices", async () => {
    await open(page, '/pricing', 'Pricing');
    const gpt = page.getByRole('row').filter({ hasText: 'gpt-4o' });
    await gpt.waitFor();
    // gpt-4o's built-in price: 2.5 USD per million input tokens, 10 output.
    expect(await gpt.innerText()).toMatch(/\$2\.5\b[\s\S]*\$10\b/);
    const dalle = await page.getByRole('row').filter({ hasText: 'dall-e-3' }).innerText();
    expect(dalle).toContain('$0.04 per image');
    // Priced by the image: no token price of $0 shown.
    expect(dalle).not.toMatch(/\$0(?![.\d])/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'console-money-pricing.png'), fullPage: true });
    await page.context().close();
  });
});

describe('top-ups (administrator)', () => {
  it('filters every top-up and completes a pending payment by hand, with a reason', async () => {
    const started = await alice.call('POST', '/api/user/stripe/pay', { amount: 3 });
    expect(started.json.success, started.text).toBe(true);
    const before = await quotaOf(alice);
    const page = await pageAs(owner);
    await open(page, '/topups', 'Top-ups');
    await page.getByLabel('Status').selectOption('pending');
    const pending = page.getByRole('row').filter({ hasText: 'Pending' });
    await expect.poll(() => pending.count()).toBe(1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await pending.getByRole('button', { name: /Complete top-up \d+ by hand/ }).click();
    const dialog = page.getByRole('dialog', { name: /Complete top-up \d+ by hand/ });
    await dialog.getByRole('button', { name: 'Complete and credit' }).click();
    await dialog.getByText('Say why, for the log').waitFor();
    await dialog.getByLabel('Reason').fill('paid by bank transfer');
    await dialog.getByRole('button', { name: 'Complete and credit' }).click();
    await page.getByText(`completed: ${usd(1_500_000)} credited`).waitFor();
    expect(await quotaOf(alice)).toBe(before + 1_500_000);
    await expect.poll(() => pending.count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Source').selectOption('payment');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Card payment' }).count()).toBe(2);
    await page.screenshot({ path: join(resultsDir, 'console-money-topups.png'), fullPage: true });
    await page.context().close();
  });

  it('left no CSP violation or uncaught error on the way', () => {
    expect(problems).toEqual([]);
  });
});
