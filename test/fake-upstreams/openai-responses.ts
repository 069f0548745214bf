// A fake OpenAI responses upstream (`POST /v1/responses`), faithful to the real wire format:
// Bearer auth with OpenAI's error bodies, the real request checks that catch translation
// bugs (unknown chat-only parameters, strict function schemas, tool outputs without their
// call, foreign encrypted reasoning), whole Response objects and the complete event sequence
// of a stream, each event with `event:` and `sequence_number`.
//
// Script: echoes the last user `input_text` as `Echo: <text>`; with function tools and a
// last user text mentioning "weather", calls `get_weather`; after a `function_call_output`,
// answers with that output; with `reasoning` set, reasons first (summary text when
// `reasoning.summary` is set, encrypted content when `include` asks for it).
import { randomBytes } from 'node:crypto';
import { sse, startFakeUpstream } from './harness.js';
import type { Answer, FakeUpstream, RecordedRequest } from './harness.js';

export const FAKE_OPENAI_RESPONSES_KEY = 'sk-fake-openai-responses-key';
/** Encrypted reasoning this fake issued starts with this; anything else fails verification. */
export const FAKE_ENCRYPTED_PREFIX = 'gAAAAfake';
/** Parameters of chat completions the responses API rejects as unknown. */
const UNKNOWN_PARAMETERS = [
  'messages',
  'stop',
  'n',
  'seed',
  'presence_penalty',
  'frequency_penalty',
  'top_k',
  'logprobs',
  'max_tokens',
  'max_completion_tokens',
  'response_format',
  'reasoning_effort',
];
const MIN_MAX_OUTPUT_TOKENS = 16;
/** The reasoning tokens this fake reports for a reasoning item. */
const REASONING_TOKENS = 12;

export interface FakeOpenAIResponsesOptions {
  /** The key it accepts, or several (the keys of one account). */
  apiKey?: string | string[];
  /**
   * Pause between stream events (default 1 ms). Without a pause all events are written in
   * one tick, and a `reset-after-chunks` fault would destroy them unsent with the socket.
   */
  chunkDelayMs?: number;
}

export function startFakeOpenAIResponses(options: FakeOpenAIResponsesOptions = {}): Promise<FakeUpstream> {
  const apiKey = [options.apiKey ?? FAKE_OPENAI_RESPONSES_KEY].flat();
  const delayMs = options.chunkDelayMs ?? 1;
  return startFakeUpstream((request, { noUsage }) => answer(request, apiKey, noUsage, delayMs));
}

type Json = Record<string, any>;

function answer(request: RecordedRequest, apiKey: string[], noUsage: boolean, delayMs: number): Answer {
  const authError = checkAuth(request.headers.authorization, apiKey);
  if (authError) return authError;
  if (request.method !== 'POST' || request.path !== '/v1/responses') {
    return openAIError(404, `Invalid URL (${request.method} ${request.path})`, null, null);
  }
  const body = request.body as Json | undefined;
  if (!isObject(body)) {
    return openAIError(
      400,
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      null,
      null,
    );
  }
  const invalid = validate(body);
  if (invalid) return invalid;

  const response = generate(body, noUsage);
  if (body.stream === true) return { stream: { chunks: streamEvents(response).map((event) => sse(event, event.type)), delayMs } };
  return { json: response.final };
}

// ---- Checks -------------------------------------------------------------------------------

function checkAuth(header: string | undefined, apiKey: string[]): Answer | undefined {
  if (!header || !header.startsWith('Bearer ')) {
    return openAIError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
      null,
      null,
    );
  }
  const key = header.slice('Bearer '.length).trim();
  if (apiKey.includes(key)) return undefined;
  const masked = key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : key;
  return openAIError(
    401,
    `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    null,
    'invalid_api_key',
  );
}

function validate(body: Json): Answer | undefined {
  if (typeof body.model !== 'string' || body.model === '') {
    return openAIError(400, "Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  }
  for (const name of UNKNOWN_PARAMETERS) {
    if (name in body) return openAIError(400, `Unknown parameter: '${name}'.`, name, 'unknown_parameter');
  }
  if (body.input === undefined) return openAIError(400, "Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
  if (typeof body.max_output_tokens === 'number' && body.max_output_tokens < MIN_MAX_OUTPUT_TOKENS) {
    return openAIError(
      400,
      `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= ${MIN_MAX_OUTPUT_TOKENS}, but got ${body.max_output_tokens} instead.`,
      'max_output_tokens',
      'integer_below_min_value',
    );
  }
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    if (!isObject(tool) || tool.type !== 'function') continue;
    if (typeof tool.name !== 'string' || tool.name === '') {
      return openAIError(400, `Missing required parameter: 'tools[${i}].name'.`, `tools[${i}].name`, 'missing_required_parameter');
    }
    // An absent `strict` means strict here: the schema must close every object.
    const parameters = tool.parameters;
    if (tool.strict !== false && isObject(parameters) && parameters.additionalProperties !== false) {
      return openAIError(
        400,
        `Invalid schema for function '${tool.name}': In context=(), 'additionalProperties' is required to be supplied and to be false.`,
        `tools[${i}].parameters`,
        'invalid_function_parameters',
      );
    }
  }
  const items: unknown[] = Array.isArray(body.input) ? body.input : [];
  const callIds = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call') callIds.add(String(item.call_id));
    if (item.type === 'function_call_output' && !callIds.has(String(item.call_id))) {
      return openAIError(400, `No tool call found for function call output with call_id ${item.call_id}.`, 'input', null);
    }
    if (item.type === 'reasoning') {
      if (typeof item.encrypted_content !== 'string') {
        return openAIError(400, `Missing required parameter: 'input[${i}].encrypted_content'.`, `input[${i}].encrypted_content`, 'missing_required_parameter');
      }
      if (!item.encrypted_content.startsWith(FAKE_ENCRYPTED_PREFIX)) {
        return openAIError(
          400,
          `The encrypted content for item ${item.id ?? `input[${i}]`} could not be verified. Reason: Encrypted content could not be decrypted or parsed.`,
          null,
          'invalid_encrypted_content',
        );
      }
    }
  }
  return undefined;
}

function openAIError(status: number, message: string, param: string | null, code: string | null): Answer {
  return { status, json: { error: { message, type: 'invalid_request_error', param, code } } };
}

// ---- The answer ---------------------------------------------------------------------------

interface Generated {
  /** The Response as `response.created` shows it (in progress, no output yet). */
  initial: Json;
  /** The complete Response (the non-streamed answer, and `response.completed`). */
  final: Json;
}

function generate(body: Json, noUsage: boolean): Generated {
  const items: unknown[] = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : [];
  const { text: userText, index: userIndex } = lastUserText(items);
  const toolOutput = lastToolOutput(items, userIndex);
  const functionTools = (Array.isArray(body.tools) ? body.tools : []).filter((tool: unknown) => isObject(tool) && tool.type === 'function');
  const include: unknown[] = Array.isArray(body.include) ? body.include : [];

  const output: Json[] = [];
  let outputTokens = 0;
  let reasoningTokens = 0;
  let incomplete: string | undefined;

  if (isObject(body.reasoning)) {
    const summary = body.reasoning.summary ? [{ type: 'summary_text', text: `**Reading the request**\n\nThe user wrote "${userText}".` }] : [];
    const item: Json = { id: id('rs_'), type: 'reasoning', summary };
    if (include.includes('reasoning.encrypted_content')) {
      item.encrypted_content = FAKE_ENCRYPTED_PREFIX + Buffer.from(JSON.stringify({ thought: userText })).toString('base64');
    }
    output.push(item);
    reasoningTokens = REASONING_TOKENS;
    outputTokens += REASONING_TOKENS;
  }

  if (toolOutput === undefined && functionTools.length > 0 && /weather/i.test(userText)) {
    const name = functionTools.some((tool: Json) => tool.name === 'get_weather') ? 'get_weather' : String(functionTools[0].name);
    const location = /\bin ([A-Z][\w-]*)/.exec(userText)?.[1] ?? 'Paris';
    const args = JSON.stringify({ location });
    output.push({ id: id('fc_'), type: 'function_call', status: 'completed', arguments: args, call_id: id('call_', 24), name });
    outputTokens += Math.ceil(args.length / 4);
  } else {
    let text = toolOutput !== undefined ? `The tool returned: ${toolOutput}` : `Echo: ${userText}`;
    // Structured output: an object with every required string property filled in.
    const format = body.text?.format;
    if (format?.type === 'json_schema') {
      const required: string[] = Array.isArray(format.schema?.required) ? format.schema.required : [];
      text = JSON.stringify(Object.fromEntries(required.map((key) => [key, userText])));
    }
    const words = text.match(/\S+\s*|\s+/g) ?? [];
    const limit = typeof body.max_output_tokens === 'number' ? body.max_output_tokens - outputTokens : Infinity;
    if (words.length > limit) {
      text = words.slice(0, Math.max(0, limit)).join('');
      incomplete = 'max_output_tokens';
    }
    outputTokens += Math.min(words.length, limit);
    output.push({
      id: id('msg_'),
      type: 'message',
      status: incomplete ? 'incomplete' : 'completed',
      content: [{ type: 'output_text', annotations: [], logprobs: [], text }],
      role: 'assistant',
    });
  }

  const inputTokens = Math.ceil(JSON.stringify(body.input).length / 4);
  const usage = noUsage
    ? null
    : {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: reasoningTokens },
        total_tokens: inputTokens + outputTokens,
      };

  const createdAt = Math.floor(Date.now() / 1000);
  const base = responseShell(body, id('resp_'), createdAt);
  return {
    initial: { ...base, status: 'in_progress', completed_at: null, output: [] },
    final: {
      ...base,
      status: incomplete ? 'incomplete' : 'completed',
      completed_at: incomplete ? null : createdAt + 1,
      incomplete_details: incomplete ? { reason: incomplete } : null,
      output,
      usage,
    },
  };
}

/** The fields of a Response that echo the request. */
function responseShell(body: Json, responseId: string, createdAt: number): Json {
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((tool: Json) =>
    tool.type === 'function'
      ? { type: 'function', name: tool.name, description: tool.description ?? null, parameters: tool.parameters ?? null, strict: tool.strict ?? true }
      : tool,
  );
  return {
    id: responseId,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    background: false,
    completed_at: null,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: null,
    model: body.model,
    output: [],
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: null,
    prompt_cache_key: body.prompt_cache_key ?? null,
    reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
    safety_identifier: body.safety_identifier ?? null,
    service_tier: 'default',
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: { format: body.text?.format ?? { type: 'text' }, verbosity: 'medium' },
    tool_choice: body.tool_choice ?? 'auto',
    tools,
    top_logprobs: 0,
    top_p: body.top_p ?? 1,
    truncation: 'disabled',
    metadata: body.metadata ?? {},
    // The description types `user` as a string (no null): present only when the request set it.
    ...(typeof body.user === 'string' ? { user: body.user } : {}),
  };
}

/** The full event sequence of a streamed answer, numbered from 0. */
function streamEvents({ initial, final }: Generated): Json[] {
  const events: Json[] = [];
  const emit = (event: Json) => events.push({ ...event, sequence_number: events.length });
  emit({ type: 'response.created', response: initial });
  emit({ type: 'response.in_progress', response: initial });
  (final.output as Json[]).forEach((item, outputIndex) => {
    const item_id = item.id;
    switch (item.type) {
      case 'reasoning': {
        emit({ type: 'response.output_item.added', output_index: outputIndex, item: { id: item_id, type: 'reasoning', summary: [] } });
        (item.summary as Json[]).forEach((part, summaryIndex) => {
          const at = { item_id, output_index: outputIndex, summary_index: summaryIndex };
          emit({ type: 'response.reasoning_summary_part.added', ...at, part: { type: 'summary_text', text: '' } });
          for (const delta of pieces(part.text)) emit({ type: 'response.reasoning_summary_text.delta', ...at, delta, obfuscation: 'x' });
          emit({ type: 'response.reasoning_summary_text.done', ...at, text: part.text });
          emit({ type: 'response.reasoning_summary_part.done', ...at, part: { type: 'summary_text', text: part.text } });
        });
        emit({ type: 'response.output_item.done', output_index: outputIndex, item });
        break;
      }
      case 'message': {
        const text: string = item.content[0].text;
        const at = { item_id, output_index: outputIndex, content_index: 0 };
        emit({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { id: item_id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
        });
        emit({ type: 'response.content_part.added', ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
        for (const delta of pieces(text)) emit({ type: 'response.output_text.delta', ...at, delta, logprobs: [], obfuscation: 'x' });
        emit({ type: 'response.output_text.done', ...at, text, logprobs: [] });
        emit({ type: 'response.content_part.done', ...at, part: { type: 'output_text', annotations: [], logprobs: [], text } });
        emit({ type: 'response.output_item.done', output_index: outputIndex, item });
        break;
      }
      case 'function_call': {
        const args: string = item.arguments;
        emit({ type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', arguments: '' } });
        const size = Math.ceil(args.length / 3);
        for (let i = 0; i < args.length; i += size) {
          emit({ type: 'response.function_call_arguments.delta', item_id, output_index: outputIndex, delta: args.slice(i, i + size), obfuscation: 'x' });
        }
        emit({ type: 'response.function_call_arguments.done', item_id, name: item.name, output_index: outputIndex, arguments: args });
        emit({ type: 'response.output_item.done', output_index: outputIndex, item });
        break;
      }
    }
  });
  emit({ type: final.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response: final });
  return events;
}

// ---- Reading the input --------------------------------------------------------------------

function lastUserText(items: unknown[]): { text: string; index: number } {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (!isObject(item) || item.role !== 'user' || (item.type !== undefined && item.type !== 'message')) continue;
    if (typeof item.content === 'string') return { text: item.content, index: i };
    const texts = (Array.isArray(item.content) ? item.content : []).filter((part: unknown) => isObject(part) && part.type === 'input_text');
    if (texts.length > 0) return { text: String(texts[texts.length - 1].text), index: i };
  }
  return { text: '', index: -1 };
}

function lastToolOutput(items: unknown[], after: number): string | undefined {
  for (let i = items.length - 1; i > after; i--) {
    const item = items[i];
    if (!isObject(item) || item.type !== 'function_call_output') continue;
    if (typeof item.output === 'string') return item.output;
    return (Array.isArray(item.output) ? item.output : [])
      .map((part: unknown) => (isObject(part) && part.type === 'input_text' ? String(part.text) : ''))
      .join('');
  }
  return undefined;
}

// ---- Helpers ------------------------------------------------------------------------------

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Words with their trailing space: how the text streams. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function id(prefix: string, length = 48): string {
  return prefix + randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
}
