import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../relay/ir/chat-request.js';
import { attemptUpstream } from '../../../relay/pipeline/attempt.js';
import { openaiChatCodec } from '../../../relay/protocols/openai-chat/codec.js';
import { openaiChatAdapter } from '../../../relay/providers/openai-chat/adapter.js';
import type { UpstreamBody, UpstreamRequest } from '../../../relay/providers/types.js';
import { CallAbort } from '../../../relay/upstream/call-abort.js';
import { endpointOf } from '../../../relay/upstream/channel-endpoint.js';
import { Dispatchers } from '../../../relay/upstream/dispatchers.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';

// One attempt sends the upstream request as built: its method (POST unless said) and a body
// that is a string, bytes or a stream (the families after chat send uploads).

let upstream: FakeUpstream | undefined;
const dispatchers = new Dispatchers(2000);
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});
afterAll(() => dispatchers.close());

const request: ChatRequest = { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi there' }] }], stream: false };
const json = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi there' }] });

/** Just what a whole answer writes. */
function clientResponse() {
  const written = { status: 0, body: '' };
  const res = {
    writeHead(status: number) {
      written.status = status;
      return res;
    },
    end(body: string) {
      written.body = body;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

async function attempt(upstreamRequest: UpstreamRequest<UpstreamBody>) {
  const { res, written } = clientResponse();
  const outcome = await attemptUpstream({
    res,
    codec: openaiChatCodec,
    adapter: openaiChatAdapter,
    request,
    codecContext: undefined,
    upstream: upstreamRequest,
    passthrough: false,
    endpoint: endpointOf({ type: 1, base_url: upstream!.url, header_override: {} }, 'sk-unused', dispatchers.for('')),
    firstByteTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    keepAliveMs: 0,
    isRetryableStatus: () => false,
    clientSignal: new CallAbort(),
    startedAt: performance.now(),
  });
  return { outcome, written };
}

describe('attemptUpstream sends the request as built', () => {
  it('a string, bytes or a stream body arrives whole, by POST unless another method is named', async () => {
    upstream = await startFakeOpenAIChat();
    const url = `${upstream.url}/v1/chat/completions`;
    const headers = { 'content-type': 'application/json' };
    const bodies: UpstreamBody[] = [json, new TextEncoder().encode(json), Readable.from([json.slice(0, 10), json.slice(10)])];
    for (const body of bodies) {
      const { outcome, written } = await attempt({ url, headers, body });
      expect(outcome.ok).toBe(true);
      expect(written.status).toBe(200);
      expect(JSON.parse(written.body).choices[0].message.content).toBe('Echo: hi there');
    }
    expect(upstream.requests.map((r) => [r.method, r.rawBody])).toEqual(bodies.map(() => ['POST', json]));

    await attempt({ method: 'PUT', url, headers, body: json });
    expect(upstream.requests.at(-1)!.method).toBe('PUT');
  });
});
