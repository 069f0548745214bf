import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function gateway() {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  return startGateway([{ type: 1, upstream, models: ['gpt-4o'] }]);
}

describe('files and fine-tunes: not relayed', () => {
  it('the openai SDK gets a 501 APIError with code api_not_implemented, at once (no retries)', async () => {
    const { relay, key } = await gateway();
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    // Default retries: the answer itself says not to retry.
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: key, fetch: counting });
    const error = await client.files.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ status: 501, code: 'api_not_implemented' });
    expect((error as Error).message).toContain('Relaydesk does not relay the files API');
    expect(requests).toBe(1);
  });

  it('answers every method and sub-path of /v1/files, /v1/fine-tunes and /v1/fine_tuning with 501 and the error object', async () => {
    const { relay, key } = await gateway();
    const calls: [string, string, string?][] = [
      ['POST', '/files', '{"purpose":"fine-tune"}'],
      ['GET', '/files/file-abc/content'],
      ['DELETE', '/files/file-abc'],
      ['GET', '/fine-tunes'],
      ['POST', '/fine-tunes/ft-1/cancel'],
      ['POST', '/fine_tuning/jobs', '{"model":"gpt-4o","training_file":"file-abc"}'],
      ['GET', '/fine_tuning/jobs/ftjob-1/events?limit=2'],
      ['GET', '/fine_tuning/jobs/ftjob-1/checkpoints'],
    ];
    for (const [method, path, body] of calls) {
      const response = await fetch(relay.relayBaseUrl + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
      expect(response.status, `${method} ${path}`).toBe(501);
      const answer: any = await response.json();
      expect(answer.error, `${method} ${path}`).toMatchObject({ code: 'api_not_implemented', type: expect.any(String), message: expect.stringContaining('Relaydesk does not relay') });
    }
    // Neighbours are not caught by the pattern.
    expect((await fetch(`${relay.relayBaseUrl}/filesystem`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(404);
  });

  it('checks the key first: a bad key gets 401, not 501', async () => {
    const { relay } = await gateway();
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: 'sk-not-a-key', maxRetries: 0 });
    await expect(client.files.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    const upload = await fetch(`${relay.relayBaseUrl}/fine_tuning/jobs`, { method: 'POST', body: '{}' });
    expect(upload.status).toBe(401);
    expect(((await upload.json()) as any).error).toMatchObject({ code: 'missing_api_key', type: 'invalid_request_error' });
  });
});
