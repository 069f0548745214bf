// The operators' console in Chromium against a real relay and a fake upstream: the overview's
// getting-started checklist turns into health once a channel and a key exist; the dashboard's
// figures match the calls made; the playground renders Markdown and code, its curl view holds
// no key, and its message box stays in view while a long conversation scrolls; the settings
// save bar appears with a change and saves it.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, type ApiClient } from '../helpers/relay.js';
import { seriousA11yFindings, startConsoleRig, type ConsoleRig } from './console-harness.js';

const MODEL = 'fake-operators-model';

let rig: ConsoleRig | undefined;
let upstream: FakeUpstream | undefined;
let context: BrowserContext;
let page: Page;
let admin: ApiClient;
let origin = '';
let apiKey = '';
const browserProblems: string[] = [];

beforeAll(async () => {
  rig = await startConsoleRig('operators', browserProblems);
  ({ origin, context, page } = rig);
  upstream = await startFakeOpenAIChat();
  admin = await setupAndLogin(rig.relay, 'owner.ops', 'correct horse battery');
  const [name, ...value] = admin.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
});

afterAll(async () => {
  await rig?.close();
  await upstream?.close();
});

async function chat(key: string, text: string): Promise<number> {
  const response = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: text }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('operators console', () => {
  it('overview: the checklist until a channel and a key exist, then health with today’s calls and errors', async () => {
    await page.goto(`${origin}/`);
    const checklist = page.getByTestId('getting-started');
    await checklist.waitFor();
    expect(await page.getByTestId('step-channel').textContent()).toContain('(to do)');
    expect(await checklist.getByRole('link', { name: 'Go to Channels' }).getAttribute('href')).toBe('/channels');

    await addChannel(admin, { type: 1, upstream: upstream!, models: [MODEL], name: 'ops chat' });
    await page.reload();
    await page.getByTestId('step-key').waitFor();
    expect(await page.getByTestId('step-channel').textContent()).toContain('(done)');
    expect(await page.getByTestId('step-key').textContent()).toContain('(to do)');

    const created = await admin.call('POST', '/api/token/', { name: 'ops key', unlimited_quota: true });
    const key = created.json.data.key as string;
    apiKey = key;
    expect(await chat(key, 'one')).toBe(200);
    expect(await chat(key, 'two')).toBe(200);
    upstream!.inject({ kind: 'status', status: 400, body: { error: { message: 'bad', type: 'invalid_request_error' } }, times: 1 });
    expect(await chat(key, 'three')).toBe(400);

    await page.reload();
    await page.getByTestId('health').waitFor();
    expect(await page.getByTestId('getting-started').count()).toBe(0);
    expect(await page.getByTestId('channels-up').textContent()).toBe('Channels up1 of 1');
    expect(await page.getByTestId('today-calls').textContent()).toBe('Calls today3');
    expect(await page.getByTestId('today-errors').textContent()).toMatch(/^Errors today1 \(33\.3\s?%\)$/);
    expect(await seriousA11yFindings(page)).toEqual([]);
  });

  it('dashboard: the error rate, latency and the top model match the calls made; 7 days draws per day', async () => {
    await page.goto(`${origin}/dashboard`);
    await page.getByTestId('metric-error-rate').waitFor();
    expect(await page.getByTestId('metric-requests').locator('.metric__value').textContent()).toBe('2');
    expect(await page.getByTestId('metric-error-rate').textContent()).toMatch(/33\.3\s?%1 failed of 3 calls$/);
    expect(await page.getByTestId('metric-total-time').locator('.metric__detail').textContent()).toMatch(/^p50 \d+ m?s · p95 .+ · p99 .+$/);
    const models = page.getByRole('table', { name: 'Top models' });
    expect(await models.getByRole('row').nth(1).textContent()).toMatch(new RegExp(`^${MODEL}21`));

    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '7 days' }).click();
    const latency = page.getByRole('figure', { name: 'Total time per day, ms (p50, p95, p99)' });
    await latency.waitFor();
    expect(await latency.locator('table tbody tr').count()).toBe(1);
    expect(await page.getByRole('figure', { name: 'Requests per day' }).locator('table tbody tr td').first().textContent()).toBe('2');
    expect(await seriousA11yFindings(page)).toEqual([]);
  });

  it('playground: Markdown and code rendered, and the curl view leaves the key out', async () => {
    await page.goto(`${origin}/playground`);
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    // The key typed into the page must not show in the code either.
    const key = apiKey;
    await page.getByLabel('API key (optional)').fill(key);
    await page.getByLabel('Message').fill('**bold words**\n\n```js\nconst answer = 42;\n```');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByTestId('pg-answer');
    await answer.locator('strong', { hasText: 'bold words' }).waitFor();
    expect(await answer.getByTestId('pg-codeblock').locator('pre code').textContent()).toContain('const answer = 42;');
    expect(await answer.getByTestId('pg-codeblock').textContent()).toContain('js');

    await page.getByText('View as curl / Python / JavaScript').click();
    const code = page.getByTestId('pg-request-code');
    const curl = (await code.textContent()) ?? '';
    expect(curl).toContain(`curl ${origin}/v1/chat/completions`);
    expect(curl).toContain('Bearer $RELAYDESK_API_KEY');
    expect(curl).toContain(MODEL);
    expect(curl).not.toContain(key);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Python' }).click();
    expect(await code.textContent()).toContain('os.environ["RELAYDESK_API_KEY"]');
    expect(await seriousA11yFindings(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Image' }).click();
    await page.getByRole('tabpanel', { name: 'Image' }).getByLabel('Prompt').waitFor();
  });

  it('playground: the message box stays in view, and usable, while a long conversation scrolls', async () => {
    await page.goto(`${origin}/playground`);
    await page.getByRole('option', { name: MODEL }).waitFor({ state: 'attached' });
    await page.getByLabel('API key (optional)').fill(apiKey);
    // The fake upstream answers "repeat N" with N words: two long answers, several screens high.
    const answers = page.getByRole('article', { name: 'Answer' });
    for (const [index, words] of [1500, 1500].entries()) {
      await page.getByLabel('Message').fill(`repeat ${words}`);
      await page.getByRole('button', { name: 'Send' }).click();
      await answers.nth(index).getByRole('button', { name: 'Regenerate' }).waitFor();
    }
    const wide = page.viewportSize()!;
    expect(Number(await page.evaluate('document.documentElement.scrollHeight'))).toBeGreaterThan(3 * wide.height);

    const composer = page.locator('.pg-composer');
    const message = page.getByLabel('Message');
    // At the start of the conversation, in the middle of the first answer, and at the end.
    const places = {
      start: () => page.getByRole('article', { name: 'You' }).first().evaluate((a) => a.scrollIntoView({ block: 'start' })),
      middle: () => answers.first().evaluate((a) => a.scrollIntoView({ block: 'center' })),
      end: () => answers.last().evaluate((a) => a.scrollIntoView({ block: 'end' })),
    };
    // In a full window and at phone width.
    for (const viewport of [wide, { width: 390, height: 760 }]) {
      await page.setViewportSize(viewport);
      for (const [place, scrollTo] of Object.entries(places)) {
        await scrollTo();
        const box = (await composer.boundingBox())!;
        const where = `${place} at ${viewport.width} px`;
        expect({ where, inView: box.y >= 0 && box.y + box.height <= viewport.height + 1 }).toEqual({ where, inView: true });
        // Nothing covers it: the message box itself is what is under its middle.
        const hit = await message.evaluate((field) => {
          const box = field.getBoundingClientRect();
          return field.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.id;
        });
        expect(hit).toBe('pg-prompt');
      }
    }
    await page.setViewportSize(wide);
    await page.evaluate('window.scrollTo(0, 0)');
    await message.click();
    await page.keyboard.type('still here');
    expect(await message.inputValue()).toBe('still here');
    expect(Number(await page.evaluate('window.scrollY'))).toBe(0);
  });

  it('settings: the save bar appears with a change, and saves it', async () => {
    await page.goto(`${origin}/settings`);
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    expect(await page.getByRole('region', { name: 'Unsaved changes' }).count()).toBe(0);
    const amount = page.getByLabel('New user quota (USD)');
    await amount.fill('1.5');
    await page.getByTestId('settings-unsaved').getByText('1 unsaved change: New user quota').waitFor();
    expect(await seriousA11yFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByText('Saved.').waitFor();
    const options = await admin.call('GET', '/api/option/');
    expect(options.json.data.find((o: { key: string }) => o.key === 'new_user_quota').value).toBe(750_000);
    expect(browserProblems).toEqual([]);
  });
});
