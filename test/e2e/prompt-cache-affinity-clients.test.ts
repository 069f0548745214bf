// Prompt-cache affinity for Codex CLI and Gemini CLI (Claude Code's: prompt-cache-affinity.test.ts):
// on one channel with three keys in round-robin, the calls of one session keep to one key, another
// session gets a key of its own, and a session whose key fails moves to the key that served it
// and stays there. Codex is told by its responses calls' `prompt_cache_key`, Gemini CLI (no
// session id on an API key) by its user agent and its conversation's prefix.
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream, Fault } from '../fake-upstreams/harness.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { consumeLogs } from '../helpers/affinity-session.js';
import { addChannel } from '../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../helpers/relay.js';

const KEYS = ['upstream-key-one', 'upstream-key-two', 'upstream-key-three'];
const SYSTEM = 'You are a coding agent running in a terminal. '.repeat(100);

interface AgentClient {
  name: string;
  model: string;
  channel: { type: number; extra: Record<string, unknown> };
  start(): Promise<FakeUpstream>;
  /** The upstream key a recorded request was sent with. */
  keyOf(headers: FakeUpstream['requests'][number]['headers']): string;
  /** The upstream refusing the key it was called with, in its own words. */
  keyRefused: Fault;
  /** One turn of a session, as the client sends it. */
  turn(origin: string, apiKey: string, session: string, turn: number): Promise<void>;
}

const codex: AgentClient = {
  name: 'Codex CLI (prompt_cache_key on the responses API)',
  model: 'gpt-5-codex',
  channel: { type: 1, extra: { key_mode: 'polling', upstream_protocol: 'responses' } },
  start: () => startFakeOpenAIResponses({ apiKey: KEYS }),
  keyOf: (headers) => String(headers.authorization).replace(/^Bearer /, ''),
  keyRefused: { kind: 'status', status: 401, body: { error: { message: 'Incorrect API key provided: upstr***-one.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }, times: 1 },
  async turn(origin, apiKey, session, turn) {
    // Codex streams, stores nothing upstream, and names its conversation in prompt_cache_key.
    const client = new OpenAI({ apiKey, baseURL: `${origin}/v1`, maxRetries: 0, defaultHeaders: { originator: 'codex_cli_rs', 'user-agent': 'codex_cli_rs/0.169.0 (Debian 12.0.0; x86_64)' } });
    const stream = await client.responses.create({
      model: this.model,
      stream: true,
      store: false,
      instructions: SYSTEM,
      input: Array.from({ length: turn }, (_, i) => ({ role: 'user' as const, content: `turn ${i + 1}: read the file` })),
      prompt_cache_key: session,
    });
    for await (const event of stream) void event;
  },
};

const geminiCli: AgentClient = {
  name: "Gemini CLI (its user agent and its conversation's prefix)",
  model: 'gemini-2.5-pro',
  channel: { type: 24, extra: { key_mode: 'polling' } },
  start: () => startFakeGemini({ apiKey: KEYS }),
  keyOf: (headers) => String(headers['x-goog-api-key']),
  keyRefused: {
    kind: 'status',
    status: 400,
    body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }] } },
    times: 1,
  },
  async turn(origin, apiKey, session, turn) {
    // Gemini CLI's first message is its session context (date, folder); the turns follow it.
    const ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: origin, headers: { 'User-Agent': 'GeminiCLI/0.61.0/gemini-2.5-pro (linux; x64; terminal)' } } });
    const turns = Array.from({ length: turn }, (_, i) => [
      { role: 'user', parts: [{ text: `turn ${i + 1}: read the file` }] },
      ...(i + 1 < turn ? [{ role: 'model', parts: [{ text: 'done' }] }] : []),
    ]).flat();
    const stream = await ai.models.generateContentStream({
      model: this.model,
      config: { systemInstruction: SYSTEM },
      contents: [{ role: 'user', parts: [{ text: `<session_context>This is the Gemini CLI. Session in /home/dev/${session}.</session_context>` }] }, { role: 'model', parts: [{ text: 'Got it.' }] }, ...turns],
    });
    for await (const chunk of stream) void chunk;
  },
};

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function gateway(client: AgentClient) {
  const upstream = await client.start();
  closing.push(() => upstream.close());
  const relay = await startTestRelay();
  const admin = await setupAndLogin(relay);
  await addChannel(admin, { type: client.channel.type, upstream, models: [client.model], key: KEYS.join('\n'), name: 'three keys', extra: client.channel.extra });
  const apiKey = (await admin.call('POST', '/api/token/', { name: 'agent', unlimited_quota: true })).json.data.key as string;
  const keysCalled = () => upstream.requests.map((r) => client.keyOf(r.headers));
  return { relay, admin, upstream, apiKey, keysCalled };
}

describe.each([codex, geminiCli])('prompt-cache affinity: $name', (client) => {
  it('keeps each session on one key of the channel; another session gets its own', async () => {
    const g = await gateway(client);
    for (let turn = 1; turn <= 4; turn++) {
      await client.turn(g.relay.origin, g.apiKey, 'session-a', turn);
      await client.turn(g.relay.origin, g.apiKey, 'session-b', turn);
    }
    const keys = g.keysCalled();
    const a = keys.filter((_, i) => i % 2 === 0);
    const b = keys.filter((_, i) => i % 2 === 1);
    expect(a).toHaveLength(4);
    expect(new Set(a).size).toBe(1);
    expect(new Set(b).size).toBe(1);
    // Round-robin gave the second session's first call the next key.
    expect(b[0]).not.toBe(a[0]);
    const logs = await consumeLogs(g.admin);
    expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'new', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit']);
  });

  // Disabled (the default) or left enabled, a refused key loses the session within the call.
  it.each([true, false])('moves a session off a key the upstream refuses, to the key that served it (auto_disable_channel %s)', async (autoDisable) => {
    const g = await gateway(client);
    expect((await g.admin.call('PUT', '/api/option/', { key: 'auto_disable_channel', value: autoDisable })).json.success).toBe(true);
    await client.turn(g.relay.origin, g.apiKey, 'session-c', 1);
    const [first] = g.keysCalled();
    g.upstream.inject(client.keyRefused);
    await client.turn(g.relay.origin, g.apiKey, 'session-c', 2);
    await client.turn(g.relay.origin, g.apiKey, 'session-c', 3);
    const keys = g.keysCalled();
    // The refused attempt was on the session's key; the retry on another, where the session stays.
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(first);
    expect(keys[2]).not.toBe(first);
    expect(keys[3]).toBe(keys[2]);
    const logs = await consumeLogs(g.admin);
    expect(logs.map((l) => l.other?.affinity?.outcome)).toEqual(['new', 'moved', 'hit']);
    expect(logs[1].retry_chain).toHaveLength(1);
  });
});
