// A fake Anthropic Messages API (`POST /v1/messages`, `POST /v1/messages/count_tokens`) on
// the fake-upstream harness. It checks what the real API checks and answers in its exact
// wire format, whole or streamed:
// - `x-api-key` (missing or wrong → 401 authentication_error) and `anthropic-version`;
// - the body: `model`, `max_tokens`, non-empty `messages` of user/assistant turns, no unknown
//   top-level fields, signed thinking blocks, tool_use/tool_result pairing, thinking rules
//   (budget ≥ 1024 and < max_tokens, no temperature ≠ 1 / top_k / forced tool with thinking,
//   with budgeted thinking a tool loop's assistant turn starting with its thinking block);
// - the answer: a thinking block first when thinking is on (two thinking deltas and a
//   signature); text that includes the tool result when the last user turn carries one;
//   a `get_weather` tool_use when tools are given and the user asks about the weather; else
//   `Echo: <last user text>`. JSON matching `output_config.format` when one is given.
// - usage: rough counts (4 characters a token); cache writes and then reads when a system
//   block carries cache_control; none at all under the harness's `no-usage` fault.
import { createHash, randomBytes } from 'node:crypto';
import { sse, startFakeUpstream } from './harness.js';
import type { Answer, FakeUpstream, RecordedRequest } from './harness.js';

export const FAKE_ANTHROPIC_API_KEY = 'sk-ant-fake-0123456789';

export interface FakeAnthropicOptions {
  /** The key it accepts, or several (keys of one organisation: each has its own prompt cache). */
  apiKey?: string | string[];
  /** Pause between streamed events, so a `reset-after-chunks` fault cuts after bytes were sent. */
  chunkDelayMs?: number;
  /** Report this usage instead of the counted one (as an upstream would, whatever the request). */
  usage?: Record<string, unknown>;
}

type Block = Record<string, any>;
type AnswerBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** Top-level fields the real API knows; anything else is "Extra inputs are not permitted". */
const KNOWN_FIELDS = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'metadata',
  'stop_sequences',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'tools',
  'tool_choice',
  'thinking',
  'output_config',
  'service_tier',
  'container',
  'context_management',
  'mcp_servers',
  'inference_geo',
]);

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeUpstream> {
  const apiKeys = [options.apiKey ?? FAKE_ANTHROPIC_API_KEY].flat();
  const cachedPrefixes = new Set<string>();

  return startFakeUpstream((request, { noUsage }): Answer => {
    const path = request.path.replace(/\/+$/, '');
    if (!path.endsWith('/v1/messages') && !path.endsWith('/v1/messages/count_tokens')) {
      return errorAnswer(404, 'not_found_error', 'Not Found');
    }
    if (request.method !== 'POST') return errorAnswer(405, 'invalid_request_error', `Method Not Allowed: ${request.method}`);

    const key = header(request, 'x-api-key');
    if (!key) return errorAnswer(401, 'authentication_error', 'x-api-key header is required');
    if (!apiKeys.includes(key)) return errorAnswer(401, 'authentication_error', 'invalid x-api-key');
    if (!header(request, 'anthropic-version')) return errorAnswer(400, 'invalid_request_error', 'anthropic-version: header is required');

    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return errorAnswer(400, 'invalid_request_error', 'There was an error parsing the body of your request: expected a JSON object');
    }

    if (path.endsWith('/count_tokens')) {
      const invalid = validateMessages(body);
      if (invalid) return errorAnswer(400, 'invalid_request_error', invalid);
      return { json: { input_tokens: estimateTokens({ system: body.system, messages: body.messages, tools: body.tools }) } };
    }

    const invalid = validate(body);
    if (invalid) return errorAnswer(400, 'invalid_request_error', invalid);

    const { blocks, stopReason, stopSequence } = compose(body);
    const usage = (options.usage as WireUsage | undefined) ?? countUsage(body, blocks, cachedPrefixes, key);
    const id = `msg_01${randomId(22)}`;
    if (body.stream === true) {
      const chunks = streamChunks(id, body.model, blocks, stopReason, stopSequence, usage, noUsage);
      return { stream: { chunks, ...(options.chunkDelayMs ? { delayMs: options.chunkDelayMs } : {}) } };
    }
    return {
      json: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: blocks,
        stop_reason: stopReason,
        stop_sequence: stopSequence,
        ...(noUsage ? {} : { usage: { ...usage, service_tier: 'standard' } }),
      },
      headers: { 'request-id': `req_01${randomId(22)}` },
    };
  });
}

/** The signature the fake gives a thinking text (and checks nothing else about it). */
export function fakeThinkingSignature(thinking: string): string {
  return `Eq${createHash('sha256').update(thinking).digest('base64')}`;
}

function errorAnswer(status: number, type: string, message: string): Answer {
  const requestId = `req_01${randomId(22)}`;
  return { status, json: { type: 'error', error: { type, message }, request_id: requestId }, headers: { 'request-id': requestId } };
}

function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// ---- validation -------------------------------------------------------------------------

function validate(body: Block): string | undefined {
  for (const field of Object.keys(body)) if (!KNOWN_FIELDS.has(field)) return `${field}: Extra inputs are not permitted`;
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (body.max_tokens === undefined) return 'max_tokens: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Input should be greater than or equal to 1';
  const messagesInvalid = validateMessages(body);
  if (messagesInvalid) return messagesInvalid;
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 1)) {
    return 'temperature: Input should be less than or equal to 1';
  }

  const thinking = body.thinking;
  const thinkingOn = thinking?.type === 'enabled' || thinking?.type === 'adaptive';
  if (thinking?.type === 'enabled') {
    if (!Number.isInteger(thinking.budget_tokens) || thinking.budget_tokens < 1024) {
      return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
    }
    if (thinking.budget_tokens >= body.max_tokens) return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  }
  if (thinkingOn) {
    if (body.temperature !== undefined && body.temperature !== 1) return '`temperature` may only be set to 1 when thinking is enabled.';
    if (body.top_k !== undefined) return '`top_k` may not be set when thinking is enabled.';
    if (body.top_p !== undefined && body.top_p < 0.95) return '`top_p` must be greater than or equal to 0.95 when thinking is enabled.';
    if (body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool') return 'Thinking may not be enabled when tool_choice forces tool use.';
  }
  if (thinking?.type === 'enabled') {
    // The assistant turn of an ongoing tool loop must start with its thinking block.
    const messages = body.messages as Block[];
    const last = messages[messages.length - 1];
    const previous = messages[messages.length - 2];
    const first = previous?.role === 'assistant' ? contentBlocks(previous)[0] : undefined;
    const toolLoop = last?.role === 'user' && contentBlocks(last).some((b) => b.type === 'tool_result');
    if (toolLoop && first && first.type !== 'thinking' && first.type !== 'redacted_thinking') {
      return `messages.${messages.length - 2}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block. To avoid this requirement, disable \`thinking\`.`;
    }
  }
  if (body.tool_choice && !Array.isArray(body.tools)) return 'tool_choice: may only be specified while providing tools.';
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    if (typeof tool?.name !== 'string') return `tools.${i}.name: Field required`;
    if (tool.input_schema?.type !== 'object') return `tools.${i}.custom.input_schema.type: Input should be 'object'`;
  }
  if (body.output_config?.format && body.output_config.format.type !== 'json_schema') {
    return "output_config.format.type: Input should be 'json_schema'";
  }
  return undefined;
}

function validateMessages(body: Block): string | undefined {
  if (!Array.isArray(body.messages)) return 'messages: Field required';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  if (body.system !== undefined && typeof body.system !== 'string') {
    if (!Array.isArray(body.system)) return 'system: Input should be a valid string or list';
    for (const [j, block] of body.system.entries()) {
      if (block?.type !== 'text') return `system.${j}.type: Input should be 'text'`;
      if (!block.text) return 'system: text content blocks must be non-empty';
    }
  }
  for (const [i, message] of (body.messages as Block[]).entries()) {
    if (message.role === 'system') return `messages.${i}.role: role 'system' is not supported on this model`;
    if (message.role !== 'user' && message.role !== 'assistant') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    const content = contentBlocks(message);
    if (content.length === 0) return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    for (const [j, block] of content.entries()) {
      if (block.type === 'text' && !block.text) return 'messages: text content blocks must be non-empty';
      if (block.type === 'thinking') {
        if (message.role !== 'assistant') return `messages.${i}.content.${j}: thinking blocks may only appear in assistant messages`;
        if (typeof block.signature !== 'string' || block.signature === '') return `messages.${i}.content.${j}.thinking.signature: Field required`;
      }
      if (block.type === 'redacted_thinking' && typeof block.data !== 'string') return `messages.${i}.content.${j}.redacted_thinking.data: Field required`;
      if ((block.type === 'tool_use' || block.type === 'thinking') && message.role !== 'assistant') {
        return `messages.${i}.content.${j}: ${block.type} blocks may only appear in assistant messages`;
      }
      if (block.type === 'tool_use' && (typeof block.input !== 'object' || block.input === null || Array.isArray(block.input))) {
        return `messages.${i}.content.${j}.tool_use.input: Input should be a valid dictionary`;
      }
      if (block.type === 'tool_result' && message.role !== 'user') return `messages.${i}.content.${j}: tool_result blocks may only appear in user messages`;
    }

    // tool_use ↔ tool_result pairing, as the API enforces it.
    const previous = i > 0 ? (body.messages[i - 1] as Block) : undefined;
    const offered = new Set(previous?.role === 'assistant' ? contentBlocks(previous).filter((b) => b.type === 'tool_use').map((b) => b.id) : []);
    if (message.role === 'user') {
      let seenOther = false;
      for (const [j, block] of content.entries()) {
        if (block.type !== 'tool_result') {
          seenOther = true;
          continue;
        }
        if (!offered.has(block.tool_use_id)) {
          return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
        if (seenOther) return `messages.${i}: \`tool_result\` blocks must come first in the content, before any other blocks.`;
      }
    }
    if (message.role === 'assistant') {
      const uses = content.filter((b) => b.type === 'tool_use').map((b) => b.id as string);
      const next = body.messages[i + 1] as Block | undefined;
      if (uses.length > 0 && next) {
        const answered = new Set(next.role === 'user' ? contentBlocks(next).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id) : []);
        const missing = uses.filter((id) => !answered.has(id));
        if (missing.length > 0) {
          return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
        }
      }
    }
  }
  return undefined;
}

function contentBlocks(message: Block): Block[] {
  if (typeof message.content === 'string') return message.content === '' ? [] : [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? message.content : [];
}

// ---- the answer -------------------------------------------------------------------------

function compose(body: Block): { blocks: AnswerBlock[]; stopReason: string; stopSequence: string | null } {
  const lastUser = [...(body.messages as Block[])].reverse().find((m) => m.role === 'user');
  const userBlocks = lastUser ? contentBlocks(lastUser) : [];
  const userText = userBlocks
    .filter((b) => b.type === 'text' && !String(b.text).startsWith('<system-reminder>'))
    .map((b) => String(b.text))
    .join(' ');
  const toolResults = userBlocks.filter((b) => b.type === 'tool_result');
  const tools: Block[] = Array.isArray(body.tools) ? body.tools : [];

  const blocks: AnswerBlock[] = [];
  if (body.thinking?.type === 'enabled' || body.thinking?.type === 'adaptive') {
    const thinking = `The user wrote "${userText}". I will answer directly.`;
    blocks.push({ type: 'thinking', thinking, signature: fakeThinkingSignature(thinking) });
  }

  if (toolResults.length === 0 && tools.length > 0 && /weather/i.test(userText) && body.tool_choice?.type !== 'none') {
    const tool = tools.find((t) => t.name === 'get_weather') ?? tools[0]!;
    const location = /\bin ([A-Za-z][A-Za-z .'-]*[A-Za-z])/.exec(userText)?.[1] ?? 'Paris';
    blocks.push({ type: 'tool_use', id: `toolu_01${randomId(22)}`, name: String(tool.name), input: { location, unit: 'celsius' } });
    return { blocks, stopReason: 'tool_use', stopSequence: null };
  }

  let text: string;
  if (toolResults.length > 0) text = `The tool said: ${toolResults.map(toolResultText).join('; ')}`;
  else if (body.output_config?.format?.type === 'json_schema') text = JSON.stringify(sampleFromSchema(body.output_config.format.schema, `Echo: ${userText}`));
  else text = `Echo: ${userText}`;

  let stopReason = 'end_turn';
  let stopSequence: string | null = null;
  for (const sequence of Array.isArray(body.stop_sequences) ? (body.stop_sequences as string[]) : []) {
    const at = text.indexOf(sequence);
    if (at >= 0) {
      text = text.slice(0, at);
      stopReason = 'stop_sequence';
      stopSequence = sequence;
      break;
    }
  }
  const room = body.max_tokens * 4;
  if (text.length > room) {
    text = text.slice(0, room);
    stopReason = 'max_tokens';
    stopSequence = null;
  }
  if (text !== '') blocks.push({ type: 'text', text });
  return { blocks, stopReason, stopSequence };
}

function toolResultText(block: Block): string {
  if (typeof block.content === 'string') return block.content;
  if (Array.isArray(block.content)) return block.content.filter((b: Block) => b.type === 'text').map((b: Block) => b.text).join(' ');
  return '';
}

/** A value of the schema's shape: strings carry the echo, so tests can find it. */
function sampleFromSchema(schema: Block | undefined, echo: string): unknown {
  if (!schema || typeof schema !== 'object') return echo;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Block>)) {
        result[name] = sampleFromSchema(property, echo);
      }
      return result;
    }
    case 'array':
      return schema.items ? [sampleFromSchema(schema.items, echo)] : [];
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return echo;
  }
}

// ---- usage ------------------------------------------------------------------------------

interface WireUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/** A prompt cache belongs to one key: a prefix written with one key is read only by calls with that key. */
function countUsage(body: Block, blocks: AnswerBlock[], cachedPrefixes: Set<string>, apiKey: string): WireUsage {
  const total = estimateTokens({ system: body.system, messages: body.messages, tools: body.tools });
  let cacheRead = 0;
  let cacheWrite = 0;
  // The prefix up to the last system block with cache_control is cached (tools come first).
  const system: Block[] = Array.isArray(body.system) ? body.system : [];
  const breakpoint = system.map((b) => Boolean(b.cache_control)).lastIndexOf(true);
  if (breakpoint >= 0) {
    const prefix = JSON.stringify({ tools: body.tools ?? null, system: system.slice(0, breakpoint + 1) });
    const key = createHash('sha256').update(`${apiKey}\n${body.model}\n${prefix}`).digest('hex');
    const tokens = Math.min(Math.ceil(prefix.length / 4), total - 1);
    if (cachedPrefixes.has(key)) cacheRead = tokens;
    else {
      cacheWrite = tokens;
      cachedPrefixes.add(key);
    }
  }
  // A breakpoint naming its lifetime (`ttl` "5m" or "1h") gets the writes split by lifetime, as the API reports them.
  const ttl = breakpoint >= 0 ? system[breakpoint]!.cache_control.ttl : undefined;
  return {
    input_tokens: total - cacheRead - cacheWrite,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: Math.max(1, estimateTokens(blocks)),
    ...(ttl === undefined ? {} : { cache_creation: { ephemeral_5m_input_tokens: ttl === '1h' ? 0 : cacheWrite, ephemeral_1h_input_tokens: ttl === '1h' ? cacheWrite : 0 } }),
  };
}

function estimateTokens(value: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));
}

// ---- streaming --------------------------------------------------------------------------

function streamChunks(
  id: string,
  model: string,
  blocks: AnswerBlock[],
  stopReason: string,
  stopSequence: string | null,
  usage: WireUsage,
  noUsage: boolean,
): string[] {
  const chunks: string[] = [];
  const event = (type: string, data: Record<string, unknown>) => chunks.push(sse({ type, ...data }, type));
  // Like the real API: the first block starts, then a ping, then the deltas.
  const startBlock = (index: number, contentBlock: Record<string, unknown>) => {
    event('content_block_start', { index, content_block: contentBlock });
    if (index === 0) event('ping', {});
  };
  event('message_start', {
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      ...(noUsage ? {} : { usage: { ...usage, output_tokens: 1, service_tier: 'standard' } }),
    },
  });
  blocks.forEach((block, index) => {
    switch (block.type) {
      case 'thinking': {
        startBlock(index, { type: 'thinking', thinking: '', signature: '' });
        for (const piece of splitInTwo(block.thinking)) event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } });
        event('content_block_delta', { index, delta: { type: 'signature_delta', signature: block.signature } });
        break;
      }
      case 'text':
        startBlock(index, { type: 'text', text: '' });
        for (const piece of splitWords(block.text)) event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
        break;
      case 'tool_use': {
        startBlock(index, { type: 'tool_use', id: block.id, name: block.name, input: {} });
        const json = JSON.stringify(block.input);
        for (const piece of ['', ...splitInTwo(json)]) event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
        break;
      }
    }
    event('content_block_stop', { index });
  });
  if (blocks.length === 0) event('ping', {});
  event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: stopSequence },
    ...(noUsage ? {} : { usage: { output_tokens: usage.output_tokens } }),
  });
  event('message_stop', {});
  return chunks;
}

/** Text in pieces of two words, at least two pieces when there are two characters. */
function splitWords(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 2) pieces.push(words.slice(i, i + 2).join(''));
  return pieces.length >= 2 ? pieces : splitInTwo(text);
}

function splitInTwo(text: string): string[] {
  if (text.length < 2) return [text];
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
