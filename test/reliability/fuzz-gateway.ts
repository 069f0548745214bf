// What the fuzzing and slow-client scenarios share: a relay on a store with one OpenAI-kind
// channel (the fake serves chat, completions, embeddings, moderations, images, audio and
// videos; the relay translates Anthropic and Gemini calls to it) and a Jina-kind one for rerank
// on the same fake, an API key, and a
// control probe that measures how long an ordinary request waits while the relay is abused.
import type { RelayOptions } from '../../relay/index.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { addChannel } from '../helpers/gateway.js';
import { relayWithUsers, type Signed, type StoreKind } from './stores.js';

export const MODELS = {
  chat: 'gpt-4o',
  completion: 'gpt-3.5-turbo-instruct',
  embedding: 'text-embedding-3-small',
  moderation: 'omni-moderation-latest',
  rerank: 'rerank-v3.5',
  image: 'dall-e-3',
  speech: 'tts-1',
  transcription: 'whisper-1',
  video: 'sora-2',
};

export interface FuzzGateway extends Signed {
  upstream: FakeUpstream;
  key: string;
}

export async function fuzzGateway(store: StoreKind, extra: Partial<RelayOptions> = {}): Promise<FuzzGateway> {
  const signed = await relayWithUsers(store, [], extra);
  const upstream = await startFakeOpenAIChat();
  await addChannel(signed.root, { type: 1, upstream, models: Object.values(MODELS).filter((m) => m !== MODELS.rerank) });
  await addChannel(signed.root, { type: 38, name: 'rerank (Jina kind)', upstream, models: [MODELS.rerank] });
  const created = await signed.root.call('POST', '/api/token/', { name: 'fuzz', unlimited_quota: true });
  if (!created.json?.success) throw new Error(`token creation failed: ${created.text}`);
  return { ...signed, upstream, key: created.json.data.key };
}

/**
 * An ordinary chat call and a status read every 100 ms until stopped; `worstMs` is the slowest
 * answer, `failures` the calls not answered or answered 5xx (but the 503 saying the channel is
 * disabled or gone: the management fuzzing may disable or delete it, or its keys).
 */
export function controlProbe(gateway: FuzzGateway) {
  let worstMs = 0;
  let failures = 0;
  let calls = 0;
  let running = true;
  const once = async () => {
    const started = performance.now();
    const [chat, status] = await Promise.all([
      fetch(`${gateway.relay.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODELS.chat, messages: [{ role: 'user', content: 'control' }] }),
        signal: AbortSignal.timeout(10_000),
      }).then(async (r) => {
        const text = await r.text();
        // Its channel disabled or deleted by a fuzzed admin call: the relay's honest answer, not a failure.
        return r.status === 503 && /"code":"(no_available_channel|channels_cooling_down)"/.test(text) ? 200 : r.status;
      }),
      fetch(`${gateway.relay.origin}/api/status`, { signal: AbortSignal.timeout(10_000) }).then(async (r) => (await r.text(), r.status)),
    ]).catch(() => [0, 0]);
    calls++;
    // Answered is what counts (the fuzzing may disable the key or its channel): no answer or a 5xx is a failure.
    if (!chat || !status || chat >= 500 || status >= 500) failures++;
    worstMs = Math.max(worstMs, performance.now() - started);
  };
  const loop = (async () => {
    while (running) {
      await once();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    /** Stops the probe and tells how it went. */
    async stop() {
      running = false;
      await loop;
      return { worstMs: Math.round(worstMs), failures, calls };
    },
  };
}
