import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-safe-storage.js')).fakeElectronWithSafeStorage());

import { app, flush, resetFakeElectron } from './fake-electron.js';
import { bootDesktopOnRealRelay, quitDesktop, tryConnect, waitFor } from './real-relay-app.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin } from '../helpers/relay.js';

const PROMPT = 'please finish this answer while the app quits';
const INITIAL_QUOTA = 500_000;

let upstream: FakeUpstream | undefined;

beforeEach(() => {
  resetFakeElectron();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  if (app.quits === 0) await quitDesktop(); // a failed test must not leave the relay running
  await upstream?.close();
  vi.restoreAllMocks();
});

/** Text deltas of an OpenAI chat stream, whether it ended with [DONE], and whether usage came. */
function readChatStream(text: string) {
  const data = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
  const events = data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d));
  return {
    answer: events.map((e) => e.choices?.[0]?.delta?.content ?? '').join(''),
    done: data.at(-1) === '[DONE]',
    usage: events.find((e) => e.usage)?.usage,
  };
}

describe('quitting the desktop app with a call in flight', () => {
  it('finishes the stream, refuses new calls, closes the relay, and leaves the call accounted on disk', async () => {
    upstream = await startFakeOpenAIChat({ chunkDelayMs: 150 }); // ~1.5 s for the whole answer
    const { origin, dataDir } = await bootDesktopOnRealRelay();
    const admin = await setupAndLogin({ origin });
    await addChannel(admin, { type: 1, upstream, models: ['gpt-4o-mini'] });
    const created = await admin.call('POST', '/api/token/', { name: 'desktop', unlimited_quota: false, remain_quota: INITIAL_QUOTA });
    const key: string = created.json.data.key;

    const response = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: PROMPT }] }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('"content":"Echo: "')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before its first words: ${received}`);
      received += decoder.decode(value, { stream: true });
    }

    expect(received).not.toContain('[DONE]'); // in flight

    app.quit(); // what the tray's Quit does
    await flush();
    expect(app.quits).toBe(0); // held while the relay closes
    expect(await tryConnect(origin)).toBe('refused'); // no new connections, so no new calls

    for (let part = await reader.read(); !part.done; part = await reader.read()) received += decoder.decode(part.value, { stream: true });
    const stream = readChatStream(received);
    expect(stream.answer).toBe(`Echo: ${PROMPT}`);
    expect(stream.done).toBe(true);
    expect(stream.usage?.completion_tokens).toBeGreaterThan(0);

    await waitFor('the quit after the relay closed', () => app.quits > 0 || undefined, 20_000);
    expect(existsSync(path.join(dataDir, 'relaydesk.lock'))).toBe(false);
    expect(await tryConnect(origin)).toBe('refused');

    const state = JSON.parse(await readFile(path.join(dataDir, 'state.json'), 'utf8'));
    const token = state.tokens[0];
    const [log, ...others] = await readCallLogs(dataDir);
    expect(others).toEqual([]);
    expect(log).toMatchObject({ type: 2, model: 'gpt-4o-mini', is_stream: true });
    expect(log.quota).toBeGreaterThan(0);
    expect(token).toMatchObject({ request_count: 1, used_quota: log.quota, remain_quota: INITIAL_QUOTA - log.quota });
    expect(state.users[0]).toMatchObject({ request_count: 1, used_quota: log.quota });
  });
});
