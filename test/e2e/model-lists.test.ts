import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel, startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function gateway(token: Record<string, unknown> = {}) {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  const g = await startGateway([{ type: 1, upstream, models: ['gpt-4o', 'claude-sonnet-4-5'] }], token);
  // A disabled channel's models are not offered.
  await addChannel(g.admin, { type: 1, upstream, models: ['hidden-model'], extra: { status: 2 } });
  return g;
}

describe('model lists', () => {
  it('OpenAI form: the models the key may use', async () => {
    const g = await gateway();
    const client = new OpenAI({ baseURL: g.relay.relayBaseUrl, apiKey: g.key });
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['claude-sonnet-4-5', 'gpt-4o']);
    expect(await client.models.retrieve('gpt-4o')).toMatchObject({ id: 'gpt-4o', object: 'model' });
    const missing = (await client.models.retrieve('hidden-model').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(missing.status).toBe(404);
  });

  it('respects the key’s model allow list', async () => {
    const g = await gateway({ model_limits: 'gpt-4o' });
    const client = new OpenAI({ baseURL: g.relay.relayBaseUrl, apiKey: g.key });
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['gpt-4o']);
  });

  it('messages form when asked with x-api-key and anthropic-version (Claude Code)', async () => {
    const g = await gateway();
    const client = new Anthropic({ baseURL: g.relay.origin, apiKey: g.key });
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['claude-sonnet-4-5', 'gpt-4o']);
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: 'claude-sonnet-4-5' });
  });

  it('generate-content form with exactly the fields of interface.md', async () => {
    const g = await gateway();
    const response = await fetch(`${g.relay.origin}/v1beta/models`, { headers: { 'x-goog-api-key': g.key } });
    const body = (await response.json()) as { models: Record<string, unknown>[] };
    expect(body.models.map((m) => m.name)).toEqual(['models/claude-sonnet-4-5', 'models/gpt-4o']);
    for (const model of body.models) {
      expect(Object.keys(model).sort()).toEqual(['description', 'displayName', 'inputTokenLimit', 'name', 'outputTokenLimit', 'supportedGenerationMethods', 'version']);
      expect(model.supportedGenerationMethods).toContain('generateContent');
      expect(model.inputTokenLimit).toBeGreaterThan(0);
    }
    const one = await fetch(`${g.relay.origin}/v1beta/models/gpt-4o?key=${g.key}`);
    expect(((await one.json()) as { name: string }).name).toBe('models/gpt-4o');
  });

  it('a bad key is refused in each form', async () => {
    const g = await gateway();
    const openai = await fetch(`${g.relay.relayBaseUrl}/models`, { headers: { authorization: 'Bearer sk-nope' } });
    expect(openai.status).toBe(401);
    expect(((await openai.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const gemini = await fetch(`${g.relay.origin}/v1beta/models`, { headers: { 'x-goog-api-key': 'nope' } });
    expect(gemini.status).toBe(401);
  });
});

describe('mounted under a path prefix', () => {
  it('serves clients whose base URL keeps the prefix, and still the plain paths', async () => {
    const g = await gateway();
    expect((await g.admin.call('PUT', '/api/option/', { key: 'base_path', value: '/relay' })).json.success).toBe(true);
    const client = new OpenAI({ baseURL: `${g.relay.origin}/relay/v1`, apiKey: g.key });
    const answer = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'through the prefix' }] });
    expect(answer.choices[0]!.message.content).toContain('through the prefix');
    expect((await fetch(`${g.relay.origin}/relay/api/status`)).status).toBe(200);
    expect((await fetch(`${g.relay.origin}/api/status`)).status).toBe(200);
    expect((await g.admin.call('PUT', '/api/option/', { key: 'base_path', value: 'relay/' })).status).toBe(400);
  });

  it('answers HEAD / quickly (Claude Code probes the base URL)', async () => {
    const g = await gateway();
    const response = await fetch(`${g.relay.origin}/`, { method: 'HEAD' });
    expect(response.status).toBeLessThan(500);
  });
});
