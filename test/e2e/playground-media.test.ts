// The console playground's media tabs call /pg/images/generations and /pg/audio/speech as the
// signed-in user, as /pg/chat/completions does: billed and logged to them as Playground, and
// only from the console's own origin. /api/models tells each model's families, so each tab
// offers only its own.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel, startGateway } from '../helpers/gateway.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('the playground media routes', () => {
  it('make an image and speech as the signed-in user, from the console origin only; /api/models tells the families', async () => {
    const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
    const g = await startGateway([{ type: 1, upstream, models: ['painter', 'speaker'], model_mapping: { painter: 'dall-e-3', speaker: 'tts-1' }, extra: { families: ['images', 'audio'] } }]);
    closers.push(() => upstream.close(), () => g.relay.close());
    await addChannel(g.admin, { type: 1, upstream, models: ['talker'], name: 'chat only', extra: { families: ['chat'] } });
    const post = (path: string, body: unknown, origin = g.relay.origin) =>
      fetch(`${g.relay.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: g.admin.cookie, origin }, body: JSON.stringify(body) });

    const image = await post('/pg/images/generations', { model: 'painter', prompt: 'a red square', size: '1024x1024', n: 1, response_format: 'b64_json' });
    expect(image.status).toBe(200);
    expect(((await image.json()) as { data: unknown[] }).data).toHaveLength(1);
    const speech = await post('/pg/audio/speech', { model: 'speaker', input: 'hello', voice: 'alloy', response_format: 'mp3' });
    expect(speech.status).toBe(200);
    expect((await speech.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // The speech call is logged once its audio has streamed out.
    const logged = async () => ((await g.admin.call('GET', '/api/log/self?type=2')).json.data.items as { token_name: string; family: string }[]).map((log) => [log.token_name, log.family]).sort();
    await expect.poll(logged, { timeout: 10_000 }).toEqual([
      ['Playground', 'audio'],
      ['Playground', 'images'],
    ]);

    const elsewhere = await post('/pg/images/generations', { model: 'painter', prompt: 'x' }, 'https://evil.example');
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(upstream.requests.filter((r) => r.path.includes('images'))).toHaveLength(1);

    const models = (await g.admin.call('GET', '/api/models')).json.data as { name: string; families: string[] }[];
    expect(Object.fromEntries(models.map((m) => [m.name, m.families]))).toEqual({ painter: ['audio', 'images'], speaker: ['audio', 'images'], talker: ['chat'] });
  });
});
