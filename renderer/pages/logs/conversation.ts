// A kept call's bodies read as a conversation: the request's turns (system, user, assistant,
// tool calls and their results) and the answer's, for the four request shapes the relay takes
// (OpenAI chat completions, Anthropic messages, OpenAI responses, Gemini generateContent), the
// answer as JSON or as a stream's events. Anything else (or a body cut short before its JSON
// ends) is undefined: the drawer shows it raw. Pure, so tests can pin it.

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as sent (JSON text). */
  args: string;
}

export interface Turn {
  role: Role;
  text: string;
  toolCalls: ToolCall[];
  /** A tool result: the call it answers (id or, for Gemini, the function's name). */
  answers?: string;
  /** From the answer, not the request. */
  answer?: boolean;
}

export type Shape = 'chat' | 'messages' | 'responses' | 'gemini';

export interface Conversation {
  shape: Shape;
  turns: Turn[];
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export function conversationOf(path: string, request: string, response: string, responseType: string): Conversation | undefined {
  const body = parse(request);
  if (!body || typeof body !== 'object') return undefined;
  const shape = shapeOf(path, body);
  if (!shape) return undefined;
  const turns = REQUEST[shape](body);
  const answers = responseType.includes('event-stream') ? events(response) : [parse(response)].filter((e) => e && typeof e === 'object');
  const answer = answers.length > 0 ? ANSWER[shape](answers) : undefined;
  if (answer && (answer.text || answer.toolCalls.length > 0)) turns.push({ ...answer, answer: true });
  return { shape, turns };
}

function shapeOf(path: string, body: Json): Shape | undefined {
  if (Array.isArray(body.contents)) return 'gemini';
  if (Array.isArray(body.messages)) return /\/messages(\?|$)/.test(path) ? 'messages' : 'chat';
  if (body.input !== undefined || path.includes('/responses')) return 'responses';
  return undefined;
}

function parse(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON of each `data:` line of a stream (a line cut by the size cap, or `[DONE]`, is skipped). */
function events(text: string): Json[] {
  const out: Json[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = parse(line.slice(5).trim());
    if (event && typeof event === 'object') out.push(event);
  }
  return out;
}

const turn = (role: Role, text: string, toolCalls: ToolCall[] = [], answers?: string): Turn => ({ role, text, toolCalls, ...(answers === undefined ? {} : { answers }) });
const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** Text of a content value: a string, or parts of text (and placeholders for the rest). */
function textOf(content: Json): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content == null ? '' : JSON.stringify(content);
  return content
    .map((part: Json) => {
      if (typeof part === 'string') return part;
      if (typeof part?.text === 'string') return part.text;
      if (part?.type === 'tool_result') return textOf(part.content);
      return `[${part?.type ?? 'part'}]`;
    })
    .join('\n');
}

const REQUEST: Record<Shape, (body: Json) => Turn[]> = {
  chat: (body) =>
    body.messages.map((m: Json) => {
      if (m.role === 'tool') return turn('tool', textOf(m.content), [], m.tool_call_id ?? '');
      const calls = (m.tool_calls ?? []).map((c: Json) => ({ id: c.id ?? '', name: c.function?.name ?? '', args: json(c.function?.arguments) }));
      return turn(roleOf(m.role), textOf(m.content), calls);
    }),
  messages: (body) => {
    const turns: Turn[] = body.system ? [turn('system', textOf(body.system))] : [];
    for (const m of body.messages) {
      const blocks: Json[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []);
      for (const result of blocks.filter((b) => b?.type === 'tool_result')) turns.push(turn('tool', textOf(result.content), [], result.tool_use_id ?? ''));
      const rest = blocks.filter((b) => b?.type !== 'tool_result' && b?.type !== 'tool_use');
      const calls = blocks.filter((b) => b?.type === 'tool_use').map((b) => ({ id: b.id ?? '', name: b.name ?? '', args: json(b.input) }));
      if (rest.length > 0 || calls.length > 0) turns.push(turn(roleOf(m.role), textOf(rest), calls));
    }
    return turns;
  },
  responses: (body) => {
    const turns: Turn[] = body.instructions ? [turn('system', textOf(body.instructions))] : [];
    if (typeof body.input === 'string') return [...turns, turn('user', body.input)];
    for (const item of Array.isArray(body.input) ? body.input : []) turns.push(...responseItem(item));
    return turns;
  },
  gemini: (body) => {
    const turns: Turn[] = body.systemInstruction ? [turn('system', textOf(body.systemInstruction.parts))] : [];
    for (const content of body.contents) turns.push(...geminiTurns(content.role === 'model' ? 'assistant' : 'user', content.parts ?? []));
    return turns;
  },
};

function roleOf(role: unknown): Role {
  if (role === 'system' || role === 'developer') return 'system';
  if (role === 'assistant' || role === 'model') return 'assistant';
  if (role === 'tool' || role === 'function') return 'tool';
  return 'user';
}

function responseItem(item: Json): Turn[] {
  if (item?.type === 'function_call') return [turn('assistant', '', [{ id: item.call_id ?? '', name: item.name ?? '', args: json(item.arguments) }])];
  if (item?.type === 'function_call_output') return [turn('tool', textOf(item.output), [], item.call_id ?? '')];
  if (item?.role) return [turn(roleOf(item.role), textOf(item.content))];
  return [];
}

function geminiTurns(role: Role, parts: Json[]): Turn[] {
  const turns: Turn[] = [];
  for (const part of parts.filter((p) => p?.functionResponse)) turns.push(turn('tool', json(part.functionResponse.response), [], part.functionResponse.name ?? ''));
  const texts = parts.filter((p) => typeof p?.text === 'string' && !p.thought).map((p) => p.text);
  const calls = parts.filter((p) => p?.functionCall).map((p) => ({ id: p.functionCall.id ?? '', name: p.functionCall.name ?? '', args: json(p.functionCall.args) }));
  if (texts.length > 0 || calls.length > 0) turns.push(turn(role, texts.join(''), calls));
  return turns;
}

/** The answer's one assistant turn, from its JSON or from its stream's events in order. */
const ANSWER: Record<Shape, (events: Json[]) => Turn | undefined> = {
  chat: (all) => {
    if (all.length === 1 && all[0].choices?.[0]?.message) return REQUEST.chat({ messages: [all[0].choices[0].message] })[0];
    let text = '';
    const calls: ToolCall[] = [];
    for (const event of all) {
      const delta = event.choices?.[0]?.delta ?? {};
      if (typeof delta.content === 'string') text += delta.content;
      for (const c of delta.tool_calls ?? []) {
        const call = (calls[c.index ?? 0] ??= { id: '', name: '', args: '' });
        if (c.id) call.id = c.id;
        if (c.function?.name) call.name += c.function.name;
        if (typeof c.function?.arguments === 'string') call.args += c.function.arguments;
      }
    }
    return turn('assistant', text, calls.filter(Boolean));
  },
  messages: (all) => {
    if (all.length === 1 && Array.isArray(all[0].content)) return REQUEST.messages({ messages: [all[0]] })[0];
    const blocks: Json[] = [];
    for (const event of all) {
      if (event.type === 'content_block_start') blocks[event.index] = { ...event.content_block, text: event.content_block?.text ?? '', partial: '' };
      if (event.type !== 'content_block_delta' || !blocks[event.index]) continue;
      if (event.delta?.type === 'text_delta') blocks[event.index].text += event.delta.text;
      if (event.delta?.type === 'input_json_delta') blocks[event.index].partial += event.delta.partial_json;
    }
    const text = blocks.filter((b) => b?.type === 'text').map((b) => b.text).join('');
    const calls = blocks.filter((b) => b?.type === 'tool_use').map((b) => ({ id: b.id ?? '', name: b.name ?? '', args: b.partial || json(b.input) }));
    return turn('assistant', text, calls);
  },
  responses: (all) => {
    const whole = all.find((e) => e.type === 'response.completed')?.response ?? (all.length === 1 && Array.isArray(all[0].output) ? all[0] : undefined);
    const items: Json[] = whole ? whole.output : all.filter((e) => e.type === 'response.output_item.done').map((e) => e.item);
    const calls = items.filter((i) => i?.type === 'function_call').map((i) => ({ id: i.call_id ?? '', name: i.name ?? '', args: json(i.arguments) }));
    let text = items.filter((i) => i?.type === 'message').map((i) => textOf(i.content)).join('');
    if (!text && !whole) text = all.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
    return turn('assistant', text, calls);
  },
  gemini: (all) => {
    const parts = all.flatMap((e) => e.candidates?.[0]?.content?.parts ?? []);
    return geminiTurns('assistant', parts)[0];
  },
};
