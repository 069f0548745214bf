// The fake responses upstream is only useful if it answers like the real one: its Response
// objects, stream events and error bodies are validated against the official OpenAPI
// description (`../shared/spec/vendor/openai-openapi.yaml`) with a small JSON Schema checker
// (the subset the description uses: $ref, allOf/anyOf/oneOf with discriminator, type, enum,
// required, properties, additionalProperties, items).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';
import type { FakeUpstream } from '../../../fake-upstreams/harness.js';
import { FAKE_OPENAI_RESPONSES_KEY, startFakeOpenAIResponses } from '../../../fake-upstreams/openai-responses.js';

const specPath = fileURLToPath(new URL('../../../../../shared/spec/vendor/openai-openapi.yaml', import.meta.url));

type Schema = boolean | Record<string, any>;

class SchemaChecker {
  constructor(private readonly document: Record<string, any>) {}

  check(value: unknown, schemaName: string): string[] {
    return this.validate(value, { $ref: `#/components/schemas/${schemaName}` }, '$');
  }

  private resolve(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
    let node: any = this.document;
    for (const key of ref.slice(2).split('/')) node = node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  }

  /** The discriminator values a branch accepts, or undefined when it cannot tell. */
  private discriminatorValues(schema: Schema, property: string, depth = 0): unknown[] | undefined {
    if (typeof schema !== 'object' || depth > 5) return undefined;
    if (schema.$ref) return this.discriminatorValues(this.resolve(schema.$ref), property, depth + 1);
    const own = schema.properties?.[property];
    if (own) {
      const resolved = own.$ref ? this.resolve(own.$ref) : own;
      if (typeof resolved === 'object' && Array.isArray(resolved.enum)) return resolved.enum;
      if (typeof resolved === 'object' && 'const' in resolved) return [resolved.const];
    }
    for (const part of schema.allOf ?? []) {
      const values = this.discriminatorValues(part, property, depth + 1);
      if (values) return values;
    }
    return undefined;
  }

  private validate(value: unknown, schema: Schema, path: string): string[] {
    if (schema === true || schema === undefined) return [];
    if (schema === false) return [`${path}: no value allowed`];
    const errors: string[] = [];
    if (schema.$ref) errors.push(...this.validate(value, this.resolve(schema.$ref), path));
    for (const part of schema.allOf ?? []) errors.push(...this.validate(value, part, path));

    const branches: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
    if (branches) {
      let candidates = branches;
      const property: string | undefined = schema.discriminator?.propertyName;
      if (property && isObject(value) && typeof value[property] === 'string') {
        const matching = branches.filter((branch) => {
          const values = this.discriminatorValues(branch, property);
          return values === undefined || values.includes(value[property]);
        });
        if (matching.length > 0) candidates = matching;
      }
      const results = candidates.map((branch) => this.validate(value, branch, path));
      if (!results.some((r) => r.length === 0)) {
        const best = results.reduce((a, b) => (b.length < a.length ? b : a));
        errors.push(`${path}: matches none of ${candidates.length} alternatives; closest: ${best.join('; ')}`);
      }
    }

    if (schema.type !== undefined) {
      const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((type) => hasType(value, type))) return [...errors, `${path}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 80)}`];
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((allowed: unknown) => allowed === value)) {
      errors.push(`${path}: ${JSON.stringify(value)} not in enum ${JSON.stringify(schema.enum)}`);
    }
    if ('const' in schema && schema.const !== value) errors.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
    if (isObject(value)) {
      for (const key of schema.required ?? []) if (!(key in value)) errors.push(`${path}: missing required '${key}'`);
      const properties: Record<string, Schema> = schema.properties ?? {};
      for (const [key, child] of Object.entries(value)) {
        if (key in properties) errors.push(...this.validate(child, properties[key]!, `${path}.${key}`));
        else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property '${key}'`);
        else if (typeof schema.additionalProperties === 'object') errors.push(...this.validate(child, schema.additionalProperties, `${path}.${key}`));
      }
    }
    if (Array.isArray(value) && schema.items !== undefined) {
      value.forEach((item, i) => errors.push(...this.validate(item, schema.items, `${path}[${i}]`)));
    }
    return errors;
  }
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

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

describe.skipIf(!existsSync(specPath))('fake OpenAI responses upstream against the OpenAPI description', () => {
  let checker: SchemaChecker;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    checker = new SchemaChecker(yaml.load(readFileSync(specPath, 'utf8')) as Record<string, any>);
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
