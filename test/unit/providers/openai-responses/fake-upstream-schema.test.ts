// The fake responses upstream is only useful if it answers like the real one: its Response
// objects, stream events and error bodies are validated against the official OpenAPI
// description (`test/fixtures/openai-openapi.yaml`) with a small JSON Schema checker
// (the subset the description uses: $ref, allOf/anyOf/oneOf with discriminator, type, enum,
// required, properties, additionalProperties, items).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';
import type { FakeUpstream } from '../../../fake-upstreams/harness.js';
import { FAKE_OPENAI_RESPONSES_KEY, startFakeOpenAIResponses } from '../../../fake-upstreams/openai-responses.js';
import { openAISchemas } from '../../../helpers/openapi-schema.js';
import type { SchemaChecker } from '../../../helpers/openapi-schema.js';


const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};

/** IR requests covering every item kind the fake emits. */
const scenarios: Record<string, Omit<ChatRequest, 'stream'>> = {
  text: { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }] },
  'function call': {
    model: 'm',
    tools: [weatherTool],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather in Oslo?' }] }],
  },
  'reasoning with summary and encrypted content': {
    model: 'm',
    reasoning: { effort: 'low', summary: 'auto' },
    responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object', properties: {}, additionalProperties: false }, strict: true },
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Think about it' }] }],
  },
  'cut by max_output_tokens': {
    model: 'm',
    maxOutputTokens: 16,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen' }] }],
  },
};

describe('fake OpenAI responses upstream against the OpenAPI description', () => {
  let checker: SchemaChecker;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    checker = openAISchemas();
    upstream = await startFakeOpenAIResponses();
  });
  afterAll(() => upstream?.close());

  async function call(request: Omit<ChatRequest, 'stream'>, stream: boolean): Promise<Response> {
    const built = openaiResponsesAdapter.buildChatRequest(
      { ...request, stream },
      { baseUrl: upstream.url, apiKey: FAKE_OPENAI_RESPONSES_KEY, model: 'gpt-fake', settings: {} },
    ).request;
    return fetch(built.url, { method: 'POST', headers: built.headers, body: built.body });
  }

  it('the checker itself reports violations', () => {
    expect(checker.check({ id: 'x' }, 'Response')).toContain("$: missing required 'object'");
    expect(checker.check({ type: 'response.output_text.delta', delta: 1 }, 'ResponseStreamEvent').join('\n')).toMatch(/delta: expected string/);
    // Deep inside: an output_text part without its annotations.
    const item = { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'x', logprobs: [] }] };
    expect(checker.check({ type: 'response.output_item.done', output_index: 0, sequence_number: 1, item }, 'ResponseStreamEvent').join('\n')).toMatch(
      /item\.content\[0\]: missing required 'annotations'/,
    );
  });

  for (const [name, request] of Object.entries(scenarios)) {
    it(`non-streamed ${name}: a valid Response`, async () => {
      const response = await call(request, false);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(checker.check(body, 'Response')).toEqual([]);
    });

    it(`streamed ${name}: valid events in sequence, each with its event name`, async () => {
      const response = await call(request, true);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const events = decodeSseText(await response.text());
      const types: string[] = [];
      events.forEach((event, i) => {
        const data = JSON.parse(event.data);
        types.push(data.type);
        expect(event.event).toBe(data.type);
        expect(data.sequence_number).toBe(i);
        expect(checker.check(data, 'ResponseStreamEvent'), `${data.type} #${i}`).toEqual([]);
      });
      expect(types[0]).toBe('response.created');
      expect(types[1]).toBe('response.in_progress');
      expect(['response.completed', 'response.incomplete']).toContain(types.at(-1));
      // The stream helpers need output_item.added (and content_part.added for text) before deltas.
      if (types.includes('response.output_text.delta')) {
        expect(types.indexOf('response.output_item.added')).toBeLessThan(types.indexOf('response.content_part.added'));
        expect(types.indexOf('response.content_part.added')).toBeLessThan(types.indexOf('response.output_text.delta'));
      }
    });
  }

  it('error bodies are valid error objects', async () => {
    const response = await fetch(`${upstream.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-wrong-key-000000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(checker.check(body, 'ErrorResponse')).toEqual([]);
  });
});
