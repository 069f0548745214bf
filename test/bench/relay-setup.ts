// The relay as the bench configures it, and the calls the bench sends (to it and to the baseline).
import type { ChildProcess } from 'node:child_process';
import type { Target } from './load.js';
import { stopChild } from './processes.js';

export const CHAT_MODEL = 'gpt-4o-mini';
export const EMBEDDING_MODEL = 'text-embedding-3-small';

/** An owner, three channels (the first serves; the others wait lower), a priced model, one key. */
export async function configureRelay(origin: string, upstreamUrl: string): Promise<string> {
  const call = async (method: string, path: string, body: unknown, cookie = '') => {
    const response = await fetch(origin + path, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const json = (await response.json()) as { success: boolean; message: string; data: any };
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return { json, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie };
  };
  await call('POST', '/api/setup', { username: 'bench', password: 'bench-password' });
  const { cookie } = await call('POST', '/api/user/login', { username: 'bench', password: 'bench-password' });
  const channel = { type: 1, key: 'sk-upstream', base_url: upstreamUrl, models: `${CHAT_MODEL},gpt-4o,${EMBEDDING_MODEL}`, group: 'default' };
  await call('POST', '/api/channel/', { ...channel, name: 'primary', priority: 10 }, cookie);
  await call('POST', '/api/channel/', { ...channel, name: 'secondary', priority: 5 }, cookie);
  await call('POST', '/api/channel/', { ...channel, name: 'fallback', priority: 0, key: 'sk-a\nsk-b' }, cookie);
  const { json } = await call('POST', '/api/token/', { name: 'bench', remain_quota: 1_000_000_000_000 }, cookie);
  return json.data.key as string;
}

/**
 * A relay configured by `configureRelay`, then started again as it runs day to day (serving
 * model calls, the management code not loaded). `start(port, extra)` starts one ('0': any
 * port) and answers its child and the origin of its API (`…/v1`); `extra`: node flags for the
 * second start only.
 */
export async function startConfiguredRelay(
  start: (port: string, extra: string[]) => Promise<{ child: ChildProcess; match: RegExpMatchArray }>,
  upstreamUrl: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; apiOrigin: string; key: string }> {
  const configuring = await start('0', []);
  const key = await configureRelay(configuring.match[1]!, upstreamUrl);
  await stopChild(configuring.child);
  const relay = await start(new URL(configuring.match[1]!).port, extra);
  return { child: relay.child, apiOrigin: relay.match[1]!, key };
}

const chatBody = (stream: boolean, text = 'hello') => JSON.stringify({ model: CHAT_MODEL, stream, messages: [{ role: 'user', content: text }] });
/** As the official SDK asks by default: base64 vectors. */
const embeddingsBody = () => JSON.stringify({ model: EMBEDDING_MODEL, input: 'The quick brown fox jumps over the lazy dog.', encoding_format: 'base64' });

/**
 * baseline: the bare proxy; relay: chat pass-through; translated: a messages-format client on
 * an OpenAI-kind upstream; the embeddings pair: POST /v1/embeddings through each.
 */
export function benchTargets(baselineOrigin: string, relayOrigin: string, key: string): Record<string, Target> {
  const bearer = { authorization: `Bearer ${key}` };
  return {
    baseline: { name: 'baseline', url: `${baselineOrigin}/v1/chat/completions`, headers: {}, body: chatBody },
    relay: { name: 'relay (pass-through)', url: `${relayOrigin}/v1/chat/completions`, headers: bearer, body: chatBody },
    translated: {
      name: 'relay (messages → OpenAI)',
      url: `${relayOrigin}/v1/messages`,
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: (stream, text = 'hello') => JSON.stringify({ model: CHAT_MODEL, max_tokens: 100, stream, messages: [{ role: 'user', content: text }] }),
    },
    baseline_embeddings: { name: 'baseline (embeddings)', url: `${baselineOrigin}/v1/embeddings`, headers: {}, body: embeddingsBody, jsonOnly: true },
    relay_embeddings: { name: 'relay (embeddings)', url: `${relayOrigin}/v1/embeddings`, headers: bearer, body: embeddingsBody, jsonOnly: true },
  };
}
