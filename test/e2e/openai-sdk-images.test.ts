// `POST /v1/images/generations` and `/v1/images/edits` with the official openai SDK (and
// `fetch` for the image-model body form): OpenAI-kind, Azure and Gemini upstreams; uploads
// passed through part for part; 413 and 400 before any upstream call; billing by images and
// by tokens; routing only to channels serving images.
import { randomBytes } from 'node:crypto';
import OpenAI, { toFile } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini, FAKE_GEMINI_API_KEY } from '../fake-upstreams/gemini.js';
import { startFakeUpstream } from '../fake-upstreams/harness.js';
import type { FakeUpstream, RecordedRequest } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { FAKE_IMAGE } from '../fake-upstreams/openai-images.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import type { ChannelSpec, Gateway } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';
import { readPngHeader, solidPng } from '../helpers/png.js';

const upstreams: FakeUpstream[] = [];
const gateways: Gateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.relay.close()));
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function relay(channels: (Omit<ChannelSpec, 'upstream'> & { upstream?: FakeUpstream })[], token: Record<string, unknown> = {}) {
  const openai = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
  upstreams.push(openai);
  const gateway = await startGateway(channels.map((channel) => ({ upstream: openai, ...channel })), token);
  gateways.push(gateway);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (path: string, body: unknown) =>
    fetch(`${gateway.relay.relayBaseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
  return { openai, gateway, client, post };
}

async function started(upstream: Promise<FakeUpstream>): Promise<FakeUpstream> {
  const fake = await upstream;
  upstreams.push(fake);
  return fake;
}

/** The multipart form an upstream received: text fields, and files with name, type and bytes. */
async function receivedForm(request: RecordedRequest) {
  const form = await new Response(new Uint8Array(request.rawBytes), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  const fields: [string, string][] = [];
  const files: { field: string; filename: string; type: string; bytes: Buffer }[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.push([name, value]);
    else files.push({ field: name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { fields, files };
}

function expectImagesShape(answer: unknown) {
  expect(openAISchemas().check(answer, 'ImagesResponse')).toEqual([]);
}

async function logsOf(gateway: Gateway) {
  await gateway.relay.close();
  return (await readCallLogs(gateway.relay.dataDir)).filter((record) => record.type === 2);
}

const png = (bytes: Buffer, name: string) => toFile(bytes, name, { type: 'image/png' });

describe('image generation through an OpenAI-kind channel', () => {
  it('answers base64 with the revised prompt (dall-e-3), the body passed through with the mapped model', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['painter'], model_mapping: { painter: 'dall-e-3' } }]);
    const answer = await client.images.generate({ model: 'painter', prompt: 'a lighthouse at dusk', response_format: 'b64_json', size: '1792x1024', quality: 'hd', style: 'vivid' });
    expectImagesShape(answer);
    expect(answer.created).toBeGreaterThan(1_700_000_000);
    expect(answer.data).toHaveLength(1);
    expect(readPngHeader(Buffer.from(answer.data![0]!.b64_json!, 'base64'))).toMatchObject({ width: 2, height: 2 });
    expect(answer.data![0]!.revised_prompt).toBe('A vivid rendering of: a lighthouse at dusk');
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]!.path).toBe('/v1/images/generations');
    expect(openai.requests[0]!.headers.authorization).toBe('Bearer upstream-key');
    expect(openai.requests[0]!.body).toEqual({ model: 'dall-e-3', prompt: 'a lighthouse at dusk', response_format: 'b64_json', size: '1792x1024', quality: 'hd', style: 'vivid' });
  });

  it('answers URLs as the upstream gave them (dall-e-2, two images)', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['dall-e-2'] }]);
    const answer = await client.images.generate({ model: 'dall-e-2', prompt: 'two cats', n: 2, response_format: 'url' });
    expectImagesShape(answer);
    expect(answer.data!.map((image) => image.url)).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/fake-images\/\d+\.png$/), expect.stringMatching(/\.png$/)]);
    expect(answer.data![0]!.b64_json).toBeUndefined();
    expect(openai.requests[0]!.body).toMatchObject({ n: 2, response_format: 'url' });
  });

  it('passes gpt-image-1’s answer through whole (background, output_format, quality, size, token usage) and bills its tokens', async () => {
    const { client, gateway } = await relay([{ type: 1, models: ['gpt-image-1'] }], { unlimited_quota: false, remain_quota: 5_000_000 });
    const answer = await client.images.generate({ model: 'gpt-image-1', prompt: 'a red bicycle', quality: 'low', size: '1536x1024' });
    expectImagesShape(answer);
    expect(answer).toMatchObject({ background: 'opaque', output_format: 'png', quality: 'low', size: '1536x1024' });
    expect(answer.data![0]!.b64_json).toBe(FAKE_IMAGE.toString('base64'));
    expect(answer.usage).toEqual({ input_tokens: 4, input_tokens_details: { text_tokens: 4, image_tokens: 0 }, output_tokens: 272, total_tokens: 276 });
    const [log] = await logsOf(gateway);
    // Built-in price: 5 USD per million input tokens (model ratio 2.5), 40 USD per million output (completion ratio 8).
    expect(log).toMatchObject({ family: 'images', model: 'gpt-image-1', prompt_tokens: 4, completion_tokens: 272, units: { requests: 1, images: 1 } });
    expect(log.quota).toBe(Math.round((4 + 272 * 8) * 2.5));
  });

  it('refuses what the upstream refuses, in its words (dall-e-3 makes one image a call)', async () => {
    const { client } = await relay([{ type: 1, models: ['dall-e-3'] }]);
    await expect(client.images.generate({ model: 'dall-e-3', prompt: 'x', n: 2 })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('n=1') });
  });
});

describe('the image-model body form (input.messages)', () => {
  const messagesForm = {
    model: 'qwen-image',
    input: { messages: [{ role: 'user', content: [{ text: 'A calm lake' }, { text: 'with mountains' }] }] },
    parameters: { size: '1024*1024', n: 1, watermark: false },
  };

  it('is translated to OpenAI’s body for an OpenAI channel, which refuses `input`', async () => {
    const { post, openai } = await relay([{ type: 1, models: ['qwen-image'], model_mapping: { 'qwen-image': 'dall-e-2' } }]);
    const response = await post('/images/generations', messagesForm);
    expect(response.status).toBe(200);
    const answer: any = await response.json();
    expectImagesShape(answer);
    expect(answer.data[0].url).toMatch(/\.png$/);
    expect(openai.requests[0]!.body).toEqual({ model: 'dall-e-2', prompt: 'A calm lake\nwith mountains', n: 1, size: '1024x1024' });
  });

  it('goes as it came to a custom channel’s server, whose DashScope-shaped answer comes back as created and data[]', async () => {
    const imageModelServer = await started(
      startFakeUpstream(() => ({
        json: { output: { choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: [{ image: 'https://images.example/lake.png' }] } }] }, usage: { image_count: 1, width: 1024, height: 1024 }, request_id: 'r-1' },
      })),
    );
    const { post } = await relay([{ type: 8, upstream: imageModelServer, models: ['qwen-image'] }]);
    const response = await post('/images/generations', messagesForm);
    expect(response.status).toBe(200);
    const answer: any = await response.json();
    expectImagesShape(answer);
    expect(answer).toEqual({ created: expect.any(Number), data: [{ url: 'https://images.example/lake.png' }] });
    expect(imageModelServer.requests[0]!.path).toBe('/v1/images/generations');
    expect(imageModelServer.requests[0]!.body).toEqual(messagesForm);
  });

  it('answers 400 naming the field for a message without text', async () => {
    const { post, openai } = await relay([{ type: 1, models: ['qwen-image'] }]);
    const response = await post('/images/generations', { model: 'qwen-image', input: { messages: [{ role: 'user', content: [{ image: 'x' }] }] } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ type: 'invalid_request_error', param: 'input.messages[0].content[0].text' });
    expect(openai.requests).toHaveLength(0);
  });
});

describe('image edits (multipart)', () => {
  it('passes two image[] parts and a mask upstream with their filenames, content types and bytes exactly', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['gpt-image-1'] }]);
    const first = solidPng(16, 16);
    const second = solidPng(8, 12, [0, 0, 0, 255], 'rgb');
    const mask = solidPng(16, 16, [0, 0, 0, 0]);
    const answer = await client.images.edit({
      model: 'gpt-image-1',
      image: [await png(first, 'first photo.png'), await toFile(second, 'zweites-bild.webp', { type: 'image/webp' })],
      mask: await png(mask, 'mask.png'),
      prompt: 'put both in one room',
      size: '1024x1024',
    });
    expectImagesShape(answer);
    expect(answer.data![0]!.b64_json).toBe(FAKE_IMAGE.toString('base64'));
    expect(answer.usage).toMatchObject({ input_tokens_details: { image_tokens: 2 * 194 } });
    const sent = openai.requests[0]!;
    expect(sent.path).toBe('/v1/images/edits');
    const { fields, files } = await receivedForm(sent);
    expect(fields).toEqual(expect.arrayContaining([['model', 'gpt-image-1'], ['prompt', 'put both in one room'], ['size', '1024x1024']]));
    expect(files.map(({ field, filename, type }) => [field, filename, type])).toEqual([
      ['image[]', 'first photo.png', 'image/png'],
      ['image[]', 'zweites-bild.webp', 'image/webp'],
      ['mask', 'mask.png', 'image/png'],
    ]);
    expect(files[0]!.bytes.equals(first)).toBe(true);
    expect(files[1]!.bytes.equals(second)).toBe(true);
    expect(files[2]!.bytes.equals(mask)).toBe(true);
  });

  it('sends a single image as `image` and answers dall-e-2’s URL; its refusal of a colour-only PNG without a mask comes back as OpenAI said it', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['dall-e-2'] }]);
    const answer = await client.images.edit({ model: 'dall-e-2', image: await png(solidPng(4, 4), 'otter.png'), prompt: 'add a hat', response_format: 'url' });
    expect(answer.data![0]!.url).toMatch(/\.png$/);
    expect((await receivedForm(openai.requests[0]!)).files.map((file) => file.field)).toEqual(['image']);
    await expect(client.images.edit({ model: 'dall-e-2', image: await png(solidPng(4, 4, [1, 2, 3, 255], 'rgb'), 'rgb.png'), prompt: 'add a hat' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("format must be in ['RGBA', 'LA', 'L'], got RGB"),
    });
  });

  it('answers 400 naming `image` when no image came, and for a file that is no image, before any upstream call', async () => {
    const { client, post, openai } = await relay([{ type: 1, models: ['gpt-image-1'] }]);
    const noImage = new FormData();
    noImage.append('model', 'gpt-image-1');
    noImage.append('prompt', 'x');
    const missing = await post('/images/edits', noImage);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error).toMatchObject({ type: 'invalid_request_error', param: 'image', code: 'missing_required_parameter' });

    await expect(client.images.edit({ model: 'gpt-image-1', image: await toFile(Buffer.from('just text'), 'notes.txt', { type: 'text/plain' }), prompt: 'x' })).rejects.toMatchObject({
      status: 400,
      param: 'image',
      code: 'unsupported_file_mimetype',
    });
    expect(openai.requests).toHaveLength(0);
  });

  it('answers 400 for an unexpected file field, too many images, and a JSON body', async () => {
    const { post, openai } = await relay([{ type: 1, models: ['gpt-image-1'] }]);
    const unexpected = new FormData();
    unexpected.append('prompt', 'x');
    unexpected.append('picture', new File([solidPng(2, 2)], 'p.png', { type: 'image/png' }));
    const answer = await post('/images/edits', unexpected);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as any).error).toMatchObject({ param: 'picture', code: 'unknown_parameter' });

    const many = new FormData();
    many.append('prompt', 'x');
    for (let i = 0; i < 18; i++) many.append('image[]', new File([solidPng(2, 2)], `${i}.png`, { type: 'image/png' }));
    const tooMany = await post('/images/edits', many);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as any).error.code).toBe('too_many_files');

    const json = await post('/images/edits', { prompt: 'x' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as any).error.code).toBe('invalid_content_type');
    expect(openai.requests).toHaveLength(0);
  });

  it('answers 413 naming the limit for a file over image_upload_max_mb, before any upstream call', async () => {
    const { client, gateway, openai } = await relay([{ type: 1, models: ['gpt-image-1'] }]);
    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'image_upload_max_mb', value: 0.02 })).json.success).toBe(true);
    const small = solidPng(4, 4);
    expect((await client.images.edit({ model: 'gpt-image-1', image: await png(small, 'small.png'), prompt: 'x' })).data).toHaveLength(1);
    const big = Buffer.concat([small, randomBytes(30 * 1024)]);
    await expect(client.images.edit({ model: 'gpt-image-1', image: await png(big, 'big.png'), prompt: 'x' })).rejects.toMatchObject({
      status: 413,
      code: 'file_too_large',
      message: expect.stringContaining('image_upload_max_mb'),
    });
    expect(openai.requests).toHaveLength(1);
  });
});

describe('images billing and routing', () => {
  it('reserves the images asked and charges the images answered (dall-e-3’s built-in 0.04 USD, twice that at 1792x1024; a price set per image)', async () => {
    const { client, gateway } = await relay([{ type: 1, models: ['dall-e-3', 'sketcher'], model_mapping: { sketcher: 'dall-e-2' } }], { unlimited_quota: false, remain_quota: 1_000_000 });
    expect((await gateway.admin.call('POST', '/api/models/meta', { name: 'sketcher', unit_prices: { images: 0.01 } })).json.success).toBe(true);
    await client.images.generate({ model: 'dall-e-3', prompt: 'one' });
    await client.images.generate({ model: 'dall-e-3', prompt: 'wide', size: '1792x1024' });
    await client.images.generate({ model: 'sketcher', prompt: 'three', n: 3 });
    // A key that cannot pay for the 3 images asked is refused before any upstream call.
    const poor = (await gateway.admin.call('POST', '/api/token/', { name: 'poor', unlimited_quota: false, remain_quota: 14_000 })).json.data.key;
    const poorClient = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: poor, maxRetries: 0 });
    await expect(poorClient.images.generate({ model: 'sketcher', prompt: 'three', n: 3 })).rejects.toMatchObject({ status: 403 });
    const logs = await logsOf(gateway);
    expect(logs).toHaveLength(3);
    expect(logs.filter((r) => r.model === 'dall-e-3').map((r) => r.quota)).toEqual([20_000, 40_000]);
    expect(logs.find((r) => r.model === 'dall-e-3')).toMatchObject({ family: 'images', units: { requests: 1, images: 1 }, quota: 20_000 });
    expect(logs.find((r) => r.model === 'sketcher')).toMatchObject({ units: { requests: 1, images: 3 }, quota: 15_000 });
  });

  it('never reaches a channel that does not serve images, even of the same model at a higher priority', async () => {
    const anthropic = await started(startFakeAnthropic());
    const chatOnly = await started(startFakeOpenAIChat());
    const { client, openai } = await relay([
      { type: 14, upstream: anthropic, models: ['dall-e-2'], priority: 10 },
      { type: 1, upstream: chatOnly, models: ['dall-e-2'], priority: 10, extra: { families: ['chat'] } },
      { type: 1, models: ['dall-e-2'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await client.images.generate({ model: 'dall-e-2', prompt: 'x' })).data).toHaveLength(1);
    expect(anthropic.requests).toHaveLength(0);
    expect(chatOnly.requests).toHaveLength(0);
    expect(openai.requests).toHaveLength(3);
  });

  it('reaches an Azure deployment’s images endpoint with its key header', async () => {
    const { client, openai } = await relay([{ type: 3, models: ['dall-e-3'] }]);
    expect((await client.images.generate({ model: 'dall-e-3', prompt: 'x', response_format: 'b64_json' })).data![0]!.b64_json).toBeDefined();
    expect(openai.requests[0]!.path).toBe('/openai/deployments/dall-e-3/images/generations');
    expect(openai.requests[0]!.query.get('api-version')).toBeTruthy();
    expect(openai.requests[0]!.headers['api-key']).toBe('upstream-key');
  });
});

describe('Gemini image models through generate-content', () => {
  async function geminiRelay(token: Record<string, unknown> = {}) {
    const gemini = await started(startFakeGemini());
    const relayed = await relay([{ type: 24, upstream: gemini, key: FAKE_GEMINI_API_KEY, models: ['gemini-2.5-flash-image'] }], token);
    return { ...relayed, gemini };
  }

  it('answers the inline image as b64_json, asks the nearest aspect ratio, and bills the tokens Gemini reported', async () => {
    const { client, gemini, gateway } = await geminiRelay({ unlimited_quota: false, remain_quota: 5_000_000 });
    const answer = await client.images.generate({ model: 'gemini-2.5-flash-image', prompt: 'a banana in space', size: '1536x1024' });
    expectImagesShape(answer);
    expect(answer.data).toEqual([{ b64_json: FAKE_IMAGE.toString('base64') }]);
    expect(answer.usage).toMatchObject({ output_tokens: 1299 });
    const sent = gemini.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(sent.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'a banana in space' }] }], generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '3:2' } } });
    const [log] = await logsOf(gateway);
    expect(log).toMatchObject({ family: 'images', completion_tokens: 1299, units: { images: 1 } });
    // Built-in: 0.30 USD per million input tokens (model ratio 0.15), 30 USD per million output (completion ratio 100).
    expect(log.quota).toBe(Math.round((log.prompt_tokens + 1299 * 100) * 0.15));
  });

  it('edits an uploaded image sent inline beside the prompt', async () => {
    const { client, gemini } = await geminiRelay();
    const photo = solidPng(6, 6);
    const answer = await client.images.edit({ model: 'gemini-2.5-flash-image', image: await png(photo, 'cat.png'), prompt: 'make it blue' });
    expect(answer.data![0]!.b64_json).toBe(FAKE_IMAGE.toString('base64'));
    expect(gemini.requests[0]!.body.contents[0].parts).toEqual([{ text: 'make it blue' }, { inlineData: { mimeType: 'image/png', data: photo.toString('base64') } }]);
  });

  it('refuses a URL, several images or a mask with 400 naming the field, and answers Gemini’s safety refusal as a content policy violation', async () => {
    const { client, gemini } = await geminiRelay();
    await expect(client.images.generate({ model: 'gemini-2.5-flash-image', prompt: 'x', response_format: 'url' })).rejects.toMatchObject({ status: 400, param: 'response_format' });
    await expect(client.images.generate({ model: 'gemini-2.5-flash-image', prompt: 'x', n: 2 })).rejects.toMatchObject({ status: 400, param: 'n' });
    const image = await png(solidPng(4, 4), 'a.png');
    await expect(client.images.edit({ model: 'gemini-2.5-flash-image', image, mask: await png(solidPng(4, 4), 'm.png'), prompt: 'x' })).rejects.toMatchObject({ status: 400, param: 'mask' });
    expect(gemini.requests).toHaveLength(0);
    await expect(client.images.generate({ model: 'gemini-2.5-flash-image', prompt: 'something forbidden' })).rejects.toMatchObject({
      status: 400,
      code: 'content_policy_violation',
      message: expect.stringContaining('IMAGE_SAFETY'),
    });
  });
});
