// `POST /v1/rerank` with fetch, as a client would: Cohere (v2) and Jina upstreams and an
// OpenAI-compatible server (vLLM-shaped) behind a custom channel; results best first, top_n
// and return_documents honoured whatever the upstream did, meta.billed_units with search
// units, quota charged by search units, bad input refused in the error object, and a rerank
// never sent to a channel that does not serve rerank.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_COHERE_API_KEY, startFakeCohere } from '../fake-upstreams/cohere.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { FAKE_JINA_API_KEY, startFakeJina } from '../fake-upstreams/jina.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import type { ChannelSpec } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function track<T extends FakeUpstream>(upstream: Promise<T>): Promise<T> {
  const started = await upstream;
  upstreams.push(started);
  return started;
}

async function relay(channels: ChannelSpec[], token: Record<string, unknown> = {}) {
  const gateway = await startGateway(channels, token);
  const rerank = async (body: unknown) => {
    const response = await fetch(`${gateway.relay.relayBaseUrl}/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  return { gateway, rerank };
}

const QUERY = 'capital of the United States';
const DOCUMENTS = [
  'Carson City is the capital city of the American state of Nevada.',
  'Washington, D.C. is the capital of the United States.',
  'Capital punishment has existed in the United States since before it was a country.',
  'The Northern Mariana Islands are a group of islands in the Pacific Ocean.',
];
/** What the fakes score (rerank-scores.ts): best first. */
const BEST_FIRST = [1, 2, 0, 3];

function expectBestFirst(results: { relevance_score: number }[]) {
  const scores = results.map((r) => r.relevance_score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

describe('rerank through a Cohere channel (v2)', () => {
  it('sends the documents as strings to /v2/rerank, answers the best top_n with their documents and the search units Cohere billed', async () => {
    const cohere = await track(startFakeCohere());
    const { rerank } = await relay([{ type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: ['rerank-v3.5'] }]);
    const { status, body } = await rerank({ model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS, top_n: 2, return_documents: true, max_tokens_per_doc: 512 });
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.index)).toEqual(BEST_FIRST.slice(0, 2));
    expect(body.results.map((r: any) => r.document)).toEqual([{ text: DOCUMENTS[1] }, { text: DOCUMENTS[2] }]);
    expectBestFirst(body.results);
    expect(body.meta.billed_units).toEqual({ search_units: 1 });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/); // Cohere's own id

    const [sent] = cohere.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v2/rerank' });
    expect(sent!.headers.authorization).toBe(`Bearer ${FAKE_COHERE_API_KEY}`);
    expect(sent!.body).toEqual({ model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS, top_n: 2, max_tokens_per_doc: 512 });
  });

  it('takes document objects: Cohere gets their text, the client gets its own objects back', async () => {
    const cohere = await track(startFakeCohere());
    const { rerank } = await relay([{ type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: ['rerank-v3.5'] }]);
    const documents = DOCUMENTS.map((text, i) => ({ text, id: `doc-${i}` }));
    const { status, body } = await rerank({ model: 'rerank-v3.5', query: QUERY, documents, return_documents: true });
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.document)).toEqual(BEST_FIRST.map((i) => documents[i]));
    expect(cohere.requests[0]!.body.documents).toEqual(DOCUMENTS);
  });

  it('bills the search units Cohere reports, long documents counted per chunk, over its own count of one per 100 documents', async () => {
    const cohere = await track(startFakeCohere());
    const { rerank } = await relay([{ type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: ['rerank-v3.5'] }]);
    const documents = Array.from({ length: 100 }, (_, i) => `document number ${i}`);
    documents[0] = 'long '.repeat(600); // ~750 tokens: two chunks
    const { status, body } = await rerank({ model: 'rerank-v3.5', query: QUERY, documents, top_n: 3 });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).not.toHaveProperty('document');
    expect(body.meta.billed_units.search_units).toBe(2);
  });

  it("answers a channel key Cohere refuses with 502 and Cohere's message in the relay's error object", async () => {
    const cohere = await track(startFakeCohere());
    const { rerank } = await relay([{ type: 34, upstream: cohere, key: 'not-the-key', models: ['rerank-v3.5'] }]);
    const { status, body } = await rerank({ model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS });
    expect(status).toBe(502);
    expect(body.error.code).toBe('upstream_key_refused');
    expect(body.error.message).toContain('(401: invalid api token');
  });
});

describe('rerank through a Jina channel', () => {
  it('asks /v1/rerank without documents back, answers every result best first, and the tokens and search units billed', async () => {
    const jina = await track(startFakeJina());
    const { rerank } = await relay([{ type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['jina-reranker-v2-base-multilingual'] }]);
    const { status, body } = await rerank({ model: 'jina-reranker-v2-base-multilingual', query: QUERY, documents: DOCUMENTS });
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.index)).toEqual(BEST_FIRST);
    expect(body.results.every((r: any) => !('document' in r))).toBe(true);
    expectBestFirst(body.results);
    const sent = jina.requests[0]!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/rerank' });
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_JINA_API_KEY}`);
    expect(sent.body).toEqual({ model: 'jina-reranker-v2-base-multilingual', query: QUERY, documents: DOCUMENTS, return_documents: false });
    expect(body.meta.billed_units).toEqual({ search_units: 1, input_tokens: expect.any(Number) });
    expect(body.meta.billed_units.input_tokens).toBeGreaterThan(DOCUMENTS.length);
    expect(body.usage).toEqual({ total_tokens: body.meta.billed_units.input_tokens });
    expect(body.id).toMatch(/^rerank-/);
  });

  it('counts one search unit per 100 documents for an upstream that bills none', async () => {
    const jina = await track(startFakeJina());
    const { rerank } = await relay([{ type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['jina-reranker-m0'] }]);
    const documents = Array.from({ length: 201 }, (_, i) => `document ${i}`);
    const { status, body } = await rerank({ model: 'jina-reranker-m0', query: 'document 7', documents, top_n: 1, return_documents: true });
    expect(status).toBe(200);
    expect(body.results).toEqual([{ index: 7, relevance_score: expect.any(Number), document: { text: 'document 7' } }]);
    expect(body.meta.billed_units.search_units).toBe(3);
  });

  it("passes Jina's FastAPI error detail on to the client", async () => {
    const jina = await track(startFakeJina());
    jina.inject({ kind: 'status', status: 422, body: { detail: [{ type: 'too_long', loc: ['body', 'documents'], msg: 'List should have at most 2048 items' }] }, times: 1 });
    const { rerank } = await relay([{ type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['jina-reranker-m0'] }]);
    const { status, body } = await rerank({ model: 'jina-reranker-m0', query: 'q', documents: ['a'] });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('body.documents: List should have at most 2048 items') });
  });
});

describe('rerank through an OpenAI-compatible custom channel (vLLM-shaped /v1/rerank)', () => {
  it('answers documents only when asked although the server sent them', async () => {
    const server = await track(startFakeOpenAIChat({ apiKey: 'upstream-key' }));
    const { rerank } = await relay([{ type: 8, upstream: server, models: ['bge-reranker-v2-m3'] }]);
    const plain = await rerank({ model: 'bge-reranker-v2-m3', query: QUERY, documents: DOCUMENTS, top_n: 10 });
    expect(plain.status).toBe(200);
    expect(plain.body.results.map((r: any) => r.index)).toEqual(BEST_FIRST);
    expect(plain.body.results.every((r: any) => !('document' in r))).toBe(true);
    expect(plain.body.id).toBe('rerank-vllm-fake');
    // top_n above the documents is sent as their number.
    expect(server.requests[0]).toMatchObject({ path: '/v1/rerank', body: { top_n: DOCUMENTS.length } });
    const withDocuments = await rerank({ model: 'bge-reranker-v2-m3', query: QUERY, documents: DOCUMENTS, return_documents: true });
    expect(withDocuments.body.results[0].document).toEqual({ text: DOCUMENTS[1] });
  });

  it('sorts an answer in document order and keeps top_n when the upstream ignored it', async () => {
    const server = await track(startFakeOpenAIChat());
    const unsorted = { results: [0.2, 0.9, 0.5].map((relevance_score, index) => ({ index, relevance_score })), usage: { total_tokens: 30 } };
    server.inject({ kind: 'status', status: 200, body: unsorted, times: 1 });
    const { rerank } = await relay([{ type: 8, upstream: server, models: ['r'] }]);
    const { status, body } = await rerank({ model: 'r', query: 'q', documents: ['a', 'b', 'c'], top_n: 2 });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { index: 1, relevance_score: 0.9 },
      { index: 2, relevance_score: 0.5 },
    ]);
  });
});

describe('rerank billing', () => {
  it('charges a model priced per search unit by the units billed, and logs them', async () => {
    const cohere = await track(startFakeCohere());
    const { gateway, rerank } = await relay([{ type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: ['my-reranker'] }], { unlimited_quota: false, remain_quota: 1_000_000 });
    const priced = await gateway.admin.call('POST', '/api/models/meta', { name: 'my-reranker', unit_prices: { search_units: 0.002 } });
    expect(priced.json.success, priced.text).toBe(true);
    const documents = Array.from({ length: 150 }, (_, i) => `document ${i}`);
    const { status, body } = await rerank({ model: 'my-reranker', query: 'q', documents });
    expect(status).toBe(200);
    expect(body.meta.billed_units.search_units).toBe(2);
    await gateway.relay.close();
    const [log] = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(log.quota).toBe(2 * 1000); // 2 search units × 0.002 USD × 500 000
    expect(log.units).toMatchObject({ search_units: 2 });
    const state = JSON.parse(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8'));
    expect(state.tokens[0]).toMatchObject({ remain_quota: 1_000_000 - 2000, used_quota: 2000 });
  });
});

describe('rerank refusals in the error object', () => {
  it('answers 400 naming the field, before any upstream call', async () => {
    const jina = await track(startFakeJina());
    const { rerank } = await relay([{ type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['r'] }]);
    const cases: [unknown, string][] = [
      [{ query: 'q', documents: ['a'] }, 'model'],
      [{ model: 'r', documents: ['a'] }, 'query'],
      [{ model: 'r', query: '', documents: ['a'] }, 'query'],
      [{ model: 'r', query: 'q' }, 'documents'],
      [{ model: 'r', query: 'q', documents: [] }, 'documents'],
      [{ model: 'r', query: 'q', documents: ['a', { title: 'no text' }] }, 'documents[1]'],
      [{ model: 'r', query: 'q', documents: ['a'], top_n: 0 }, 'top_n'],
      [{ model: 'r', query: 'q', documents: ['a'], return_documents: 'yes' }, 'return_documents'],
      [{ model: 'r', query: 'q', documents: ['a'], max_tokens_per_doc: 1.5 }, 'max_tokens_per_doc'],
    ];
    for (const [request, param] of cases) {
      const { status, body } = await rerank(request);
      expect(status, JSON.stringify(request)).toBe(400);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error, JSON.stringify(request)).toMatchObject({ type: 'invalid_request_error', param, message: expect.any(String) });
    }
    expect(jina.requests).toHaveLength(0);
  });
});

describe('rerank routing', () => {
  it('never goes to a channel that serves the model for chat only, even at a higher priority', async () => {
    const chatOnly = await track(startFakeOpenAIChat());
    const reranker = await track(startFakeOpenAIChat());
    const { rerank } = await relay([
      { type: 8, upstream: chatOnly, models: ['m'], priority: 10, extra: { families: ['chat'] } },
      { type: 8, upstream: reranker, models: ['m'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await rerank({ model: 'm', query: 'q', documents: ['a', 'b'] })).status).toBe(200);
    expect(chatOnly.requests).toHaveLength(0);
    expect(reranker.requests).toHaveLength(3);
  });

  it('takes a 200 without results for a failure, and tries the next channel', async () => {
    const wrong = await track(startFakeOpenAIChat());
    const right = await track(startFakeJina());
    wrong.inject({ kind: 'status', status: 200, body: { object: 'list', data: [] } });
    const { rerank } = await relay([
      { type: 8, upstream: wrong, models: ['r'], priority: 10 },
      { type: 38, upstream: right, key: FAKE_JINA_API_KEY, models: ['r'] },
    ]);
    const { status, body } = await rerank({ model: 'r', query: 'q', documents: ['a', 'b'] });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(2);
    expect(wrong.requests).toHaveLength(1);
    expect(right.requests).toHaveLength(1);
  });

  it('answers 404 model_not_found when only chat channels have the model', async () => {
    const chatOnly = await track(startFakeOpenAIChat());
    const { rerank } = await relay([{ type: 1, upstream: chatOnly, models: ['gpt-4o'] }]);
    const { status, body } = await rerank({ model: 'gpt-4o', query: 'q', documents: ['a'] });
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_found' });
    expect(chatOnly.requests).toHaveLength(0);
  });
});

describe('channel test of rerank channels', () => {
  const channelIds = async (gateway: Awaited<ReturnType<typeof relay>>['gateway']) =>
    ((await gateway.admin.call('GET', '/api/channel/?sort=id&order=asc')).json.data.items as { id: number }[]).map((c) => c.id);

  it('tests a Cohere channel (rerank only) with a rerank, and a Jina channel with a rerank for a reranker, an embedding otherwise', async () => {
    const cohere = await track(startFakeCohere());
    const jina = await track(startFakeJina());
    const { gateway } = await relay([
      { type: 34, upstream: cohere, key: FAKE_COHERE_API_KEY, models: ['rerank-v3.5'] },
      { type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'] },
    ]);
    const [cohereId, jinaId] = await channelIds(gateway);
    const tested = await gateway.admin.call('GET', `/api/channel/test/${cohereId}`);
    expect(tested.json.data).toMatchObject({ ok: true, status_code: 200, family: 'rerank', model: 'rerank-v3.5', error: '' });
    expect(cohere.requests).toEqual([expect.objectContaining({ path: '/v2/rerank', body: { model: 'rerank-v3.5', query: 'hi', documents: ['hi'] } })]);

    expect((await gateway.admin.call('GET', `/api/channel/test/${jinaId}`)).json.data).toMatchObject({ ok: true, family: 'rerank', model: 'jina-reranker-v2-base-multilingual' });
    expect((await gateway.admin.call('GET', `/api/channel/test/${jinaId}?model=jina-embeddings-v3`)).json.data).toMatchObject({ ok: true, family: 'embeddings' });
    expect(jina.requests.map((r) => r.path)).toEqual(['/v1/rerank', '/v1/embeddings']);
  });

  it("fails the test of a rerank channel with the upstream's own message", async () => {
    const cohere = await track(startFakeCohere());
    const { gateway } = await relay([{ type: 34, upstream: cohere, key: 'wrong-key-123', models: ['rerank-v3.5'] }]);
    const [id] = await channelIds(gateway);
    const tested = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(tested.json.data).toMatchObject({ ok: false, status_code: 401, family: 'rerank', error: 'invalid api token' });
  });
});

describe('embeddings through a Jina channel', () => {
  it("reach Jina's OpenAI-shaped /v1/embeddings", async () => {
    const jina = await track(startFakeJina());
    const { gateway } = await relay([{ type: 38, upstream: jina, key: FAKE_JINA_API_KEY, models: ['jina-embeddings-v3'] }]);
    const response = await fetch(`${gateway.relay.relayBaseUrl}/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'jina-embeddings-v3', input: ['a', 'b'], encoding_format: 'float' }),
    });
    expect(response.status).toBe(200);
    const body: any = await response.json();
    expect(body.data.map((d: any) => d.embedding)).toEqual([
      [0.5, -0.5],
      [0.5, -0.5],
    ]);
    expect(jina.requests[0]).toMatchObject({ path: '/v1/embeddings' });
  });
});
