import type {
  ChatRequest,
  ContentPart,
  JsonSchema,
  Message,
  ReasoningConfig,
  ReasoningEffort,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from '../../ir/chat-request.js';
import { decodeThoughtSignature } from '../../wire/gemini/thought-signature.js';
import type { RouteFacts } from '../types.js';
import { invalid, isObject, optionalBoolean, optionalNumber, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';
import { geminiSchemaToJsonSchema, normalizeJsonSchema } from './convert-schema.js';

/** What the encoders need to know about the call beyond the IR request. */
export interface GenerateContentFacts {
  /** `?alt=sse`: SSE framing; otherwise a stream is one JSON array. */
  sse: boolean;
  /** `thinkingConfig.includeThoughts`: thought parts go back to the client. */
  includeThoughts: boolean;
}

const THINKING_LEVELS: Record<string, ReasoningEffort> = { MINIMAL: 'minimal', LOW: 'low', MEDIUM: 'medium', HIGH: 'high' };
const CALLING_MODES = ['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED'] as const;

/**
 * A `GenerateContentRequest` body → IR. The model and streaming come from the path
 * (`route`). Client input is checked strictly (a wrong type is a 400 naming the field);
 * fields the relay has no use for are ignored. `:countTokens` bodies may wrap the request
 * in `generateContentRequest`.
 */
export function decodeGenerateContentRequest(input: unknown, route: RouteFacts, warnings: string[]): { request: ChatRequest; facts: GenerateContentFacts } {
  let body = requireObject(input, 'body');
  if (body.contents === undefined && isObject(body.generateContentRequest)) body = body.generateContentRequest;

  const model = (route.model ?? optionalString(body, 'model') ?? '').replace(/^models\//, '');
  if (!model) throw invalid('model', 'The model is missing: call /v1beta/models/{model}:generateContent.', 'missing_required_parameter');
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    throw invalid('contents', "Missing required parameter: 'contents' (a non-empty array).", 'missing_required_parameter');
  }

  const messages: Message[] = [];
  const system = decodeSystemInstruction(body.systemInstruction);
  if (system) messages.push(system);
  messages.push(...new ContentsDecoder(warnings).decode(body.contents));

  const request: ChatRequest = { model, messages, stream: route.stream ?? false };
  const facts: GenerateContentFacts = { sse: route.sse ?? false, includeThoughts: false };
  decodeGenerationConfig(body.generationConfig, request, facts, warnings);
  const tools = decodeTools(body.tools, warnings);
  if (tools.length > 0) request.tools = tools;
  decodeToolConfig(body.toolConfig, request, warnings);
  if (body.cachedContent !== undefined) warnings.push('cachedContent is not supported by the relay and was ignored');
  return { request, facts };
}

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

// ---------------------------------------------------------------------------------------------
// Contents

function decodeSystemInstruction(input: unknown): Message | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input ? { role: 'system', content: [{ type: 'text', text: input }] } : undefined;
  const instruction = requireObject(input, 'systemInstruction');
  const parts = instruction.parts;
  if (parts === undefined || parts === null) return undefined;
  if (!Array.isArray(parts)) throw invalid('systemInstruction.parts', "Invalid type for 'systemInstruction.parts': expected an array.", 'invalid_type');
  const content: ContentPart[] = [];
  parts.forEach((raw, i) => {
    const path = `systemInstruction.parts[${i}]`;
    const part = requireObject(raw, path);
    const text = optionalString(part, 'text', `${path}.text`);
    if (text === undefined) throw invalid(path, `Invalid value for '${path}': a system instruction takes text parts only.`);
    if (text) content.push({ type: 'text', text });
  });
  return content.length ? { role: 'system', content } : undefined;
}

interface OpenCall {
  id: string;
  name: string;
}

/**
 * `contents` → IR messages, in order. `model` turns become assistant messages (thought parts
 * → reasoning, functionCall → tool calls); `user` turns become user messages, with their
 * functionResponse parts split out into tool messages where they stand. A call without an
 * `id` gets one derived from its position (the same in every later request of the
 * conversation), and a response without an `id` takes the id of the earliest unanswered
 * call of the same name.
 */
class ContentsDecoder {
  private readonly open: OpenCall[] = [];

  constructor(private readonly warnings: string[]) {}

  decode(contents: unknown[]): Message[] {
    const messages: Message[] = [];
    contents.forEach((raw, i) => {
      const path = `contents[${i}]`;
      const content = requireObject(raw, path);
      const role = optionalString(content, 'role', `${path}.role`) ?? 'user';
      if (role !== 'user' && role !== 'model' && role !== 'function') {
        throw invalid(`${path}.role`, `Invalid value for '${path}.role': expected 'user' or 'model', but got ${JSON.stringify(role)}.`);
      }
      const parts = content.parts ?? [];
      if (!Array.isArray(parts)) throw invalid(`${path}.parts`, `Invalid type for '${path}.parts': expected an array.`, 'invalid_type');
      if (role === 'model') {
        const decoded = this.modelParts(parts, i);
        if (decoded.length) messages.push({ role: 'assistant', content: decoded });
      } else {
        messages.push(...this.userMessages(parts, i));
      }
    });
    return messages;
  }

  private modelParts(parts: unknown[], contentIndex: number): ContentPart[] {
    const out: ContentPart[] = [];
    parts.forEach((raw, j) => {
      const path = `contents[${contentIndex}].parts[${j}]`;
      const part = requireObject(raw, path);
      const signature = optionalString(part, 'thoughtSignature', `${path}.thoughtSignature`) || undefined;
      const thought = optionalBoolean(part, 'thought', `${path}.thought`) ?? false;
      const text = optionalString(part, 'text', `${path}.text`);
      const envelope = signature ? decodeThoughtSignature(signature) : undefined;
      if (envelope) {
        // The relay's own envelope: the reasoning it wraps replaces the thought summaries the
        // client may have echoed just before (the same reasoning, without its signature).
        while (isUnsignedReasoning(out.at(-1))) out.pop();
        for (const block of envelope) {
          const reasoning: ContentPart = { type: 'reasoning', text: block.text };
          if (block.signature !== undefined) reasoning.signature = block.signature;
          if (block.redacted !== undefined) reasoning.redacted = block.redacted;
          out.push(reasoning);
        }
      }
      const plain = envelope ? undefined : signature;

      if (part.functionCall !== undefined && part.functionCall !== null) {
        const call = requireObject(part.functionCall, `${path}.functionCall`);
        const name = optionalString(call, 'name', `${path}.functionCall.name`);
        if (!name) throw invalid(`${path}.functionCall.name`, `Missing required parameter: '${path}.functionCall.name'.`, 'missing_required_parameter');
        const args = call.args ?? {};
        if (!isObject(args)) throw invalid(`${path}.functionCall.args`, `Invalid type for '${path}.functionCall.args': expected an object.`, 'invalid_type');
        const id = optionalString(call, 'id', `${path}.functionCall.id`) || `call_${contentIndex}_${j}`;
        this.open.push({ id, name });
        const decoded: ContentPart = { type: 'tool-call', id, name, arguments: JSON.stringify(args) };
        if (plain) decoded.signature = plain;
        out.push(decoded);
      } else if (text !== undefined && thought) {
        const last = out.at(-1);
        if (isUnsignedReasoning(last)) last.text += text;
        else out.push({ type: 'reasoning', text });
        if (plain) (out.at(-1) as Extract<ContentPart, { type: 'reasoning' }>).signature = plain;
      } else if (text !== undefined) {
        if (plain) {
          // Gemini puts the signature of its thinking on the part after it.
          const last = out.at(-1);
          if (isUnsignedReasoning(last)) last.signature = plain;
          else out.push({ type: 'reasoning', text: '', signature: plain });
        }
        if (text === '') return;
        const last = out.at(-1);
        if (last?.type === 'text') last.text += text;
        else out.push({ type: 'text', text });
      } else {
        if (plain) out.push({ type: 'reasoning', text: '', signature: plain });
        const media = mediaPart(part, path);
        if (media) out.push(media);
        else if (part.functionResponse !== undefined) this.warnings.push(`${path}: a functionResponse in a model turn was dropped`);
        else this.noteUnknown(part, path);
      }
    });
    return out;
  }

  /** A user turn: runs of functionResponse parts become tool messages, the rest user messages. */
  private userMessages(parts: unknown[], contentIndex: number): Message[] {
    const messages: Message[] = [];
    const push = (role: 'user' | 'tool', part: ContentPart) => {
      const last = messages.at(-1);
      if (last?.role === role) last.content.push(part);
      else messages.push({ role, content: [part] });
    };
    parts.forEach((raw, j) => {
      const path = `contents[${contentIndex}].parts[${j}]`;
      const part = requireObject(raw, path);
      optionalString(part, 'thoughtSignature', `${path}.thoughtSignature`);
      const text = optionalString(part, 'text', `${path}.text`);
      if (part.functionResponse !== undefined && part.functionResponse !== null) {
        push('tool', this.toolResult(requireObject(part.functionResponse, `${path}.functionResponse`), `${path}.functionResponse`, `result_${contentIndex}_${j}`));
      } else if (text !== undefined) {
        if (optionalBoolean(part, 'thought', `${path}.thought`)) return;
        if (text) push('user', { type: 'text', text });
      } else {
        const media = mediaPart(part, path);
        if (media) push('user', media);
        else if (part.functionCall !== undefined) this.warnings.push(`${path}: a functionCall in a user turn was dropped`);
        else this.noteUnknown(part, path);
      }
    });
    return messages;
  }

  private toolResult(response: Json, path: string, fallbackId: string): ContentPart {
    const givenName = optionalString(response, 'name', `${path}.name`);
    const givenId = optionalString(response, 'id', `${path}.id`);
    const payload = response.response ?? {};
    if (!isObject(payload)) throw invalid(`${path}.response`, `Invalid type for '${path}.response': expected an object.`, 'invalid_type');

    let index = givenId ? this.open.findIndex((call) => call.id === givenId) : -1;
    if (index < 0 && givenName) index = this.open.findIndex((call) => call.name === givenName);
    const call = index >= 0 ? this.open.splice(index, 1)[0] : undefined;
    const name = givenName || call?.name;
    if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
    let callId = call?.id ?? givenId;
    if (!callId) {
      callId = fallbackId;
      this.warnings.push(`${path}: the function response for ${name} matches no earlier function call`);
    }

    const result: ContentPart = { type: 'tool-result', callId, name, content: JSON.stringify(payload) };
    // `{output: "…"}` (Gemini CLI), `{result: "…"}`, `{content: "…"}`: the text is the result;
    // `{error: "…"}` is a failed call.
    const keys = Object.keys(payload);
    const only = keys.length === 1 ? payload[keys[0]!] : undefined;
    if (typeof only === 'string') {
      if (keys[0] === 'error') {
        result.content = only;
        result.isError = true;
      } else if (keys[0] === 'output' || keys[0] === 'result' || keys[0] === 'content') {
        result.content = only;
      }
    }
    return result;
  }

  private noteUnknown(part: Json, path: string): void {
    const keys = Object.keys(part).filter((k) => k !== 'thoughtSignature' && k !== 'thought');
    if (keys.length) this.warnings.push(`${path}: a ${keys.join('/')} part is not supported by the relay and was dropped`);
  }
}

function isUnsignedReasoning(part: ContentPart | undefined): part is Extract<ContentPart, { type: 'reasoning' }> {
  return part?.type === 'reasoning' && part.signature === undefined && part.redacted === undefined;
}

/** inlineData / fileData → an IR image, audio or file part; undefined for any other part. */
function mediaPart(part: Json, path: string): ContentPart | undefined {
  if (part.inlineData !== undefined && part.inlineData !== null) {
    const blob = requireObject(part.inlineData, `${path}.inlineData`);
    const mimeType = optionalString(blob, 'mimeType', `${path}.inlineData.mimeType`) ?? '';
    const data = optionalString(blob, 'data', `${path}.inlineData.data`);
    if (data === undefined) throw invalid(`${path}.inlineData.data`, `Missing required parameter: '${path}.inlineData.data'.`, 'missing_required_parameter');
    if (mimeType.startsWith('image/')) return { type: 'image', source: { kind: 'data', mediaType: mimeType, data } };
    if (mimeType.startsWith('audio/')) return { type: 'audio', data, format: audioFormat(mimeType) };
    return mimeType ? { type: 'file', data, mediaType: mimeType } : { type: 'file', data };
  }
  if (part.fileData !== undefined && part.fileData !== null) {
    const file = requireObject(part.fileData, `${path}.fileData`);
    const mimeType = optionalString(file, 'mimeType', `${path}.fileData.mimeType`);
    const uri = optionalString(file, 'fileUri', `${path}.fileData.fileUri`);
    if (!uri) throw invalid(`${path}.fileData.fileUri`, `Missing required parameter: '${path}.fileData.fileUri'.`, 'missing_required_parameter');
    if (mimeType?.startsWith('image/')) return { type: 'image', source: { kind: 'url', url: uri } };
    return mimeType ? { type: 'file', url: uri, mediaType: mimeType } : { type: 'file', url: uri };
  }
  return undefined;
}

function audioFormat(mimeType: string): string {
  const subtype = mimeType.slice('audio/'.length).split(';')[0]!.toLowerCase();
  if (subtype === 'mpeg' || subtype === 'mp3') return 'mp3';
  if (subtype === 'x-wav' || subtype === 'wave') return 'wav';
  return subtype;
}

// ---------------------------------------------------------------------------------------------
// generationConfig

function decodeGenerationConfig(input: unknown, request: ChatRequest, facts: GenerateContentFacts, warnings: string[]): void {
  if (input === undefined || input === null) return;
  const config = requireObject(input, 'generationConfig');
  const p = (name: string) => `generationConfig.${name}`;
  set(request, 'temperature', optionalNumber(config, 'temperature', { min: 0, max: 2 }, p('temperature')));
  set(request, 'topP', optionalNumber(config, 'topP', { min: 0, max: 1 }, p('topP')));
  set(request, 'topK', optionalNumber(config, 'topK', { min: 1, integer: true }, p('topK')));
  set(request, 'maxOutputTokens', optionalNumber(config, 'maxOutputTokens', { min: 1, integer: true }, p('maxOutputTokens')));
  set(request, 'n', optionalNumber(config, 'candidateCount', { min: 1, integer: true }, p('candidateCount')));
  set(request, 'presencePenalty', optionalNumber(config, 'presencePenalty', { min: -2, max: 2 }, p('presencePenalty')));
  set(request, 'frequencyPenalty', optionalNumber(config, 'frequencyPenalty', { min: -2, max: 2 }, p('frequencyPenalty')));
  set(request, 'seed', optionalNumber(config, 'seed', { integer: true }, p('seed')));
  const stop = config.stopSequences;
  if (stop !== undefined && stop !== null) {
    if (!Array.isArray(stop) || !stop.every((s) => typeof s === 'string')) {
      throw invalid(p('stopSequences'), `Invalid type for '${p('stopSequences')}': expected an array of strings.`, 'invalid_type');
    }
    if (stop.length) request.stop = stop as string[];
  }
  if (request.n !== undefined && request.n > 1) warnings.push(`candidateCount ${request.n}: only the first candidate is returned`);
  set(request, 'responseFormat', decodeResponseFormat(config, warnings));
  decodeThinking(config.thinkingConfig, request, facts);
}

function decodeResponseFormat(config: Json, warnings: string[]): ResponseFormat | undefined {
  const mimeType = optionalString(config, 'responseMimeType', 'generationConfig.responseMimeType');
  let schema: JsonSchema | undefined;
  const jsonSchema = config.responseJsonSchema ?? config._responseJsonSchema;
  if (jsonSchema !== undefined && jsonSchema !== null) {
    if (!isObject(jsonSchema)) throw invalid('generationConfig.responseJsonSchema', "Invalid type for 'generationConfig.responseJsonSchema': expected a schema object.", 'invalid_type');
    schema = normalizeJsonSchema(jsonSchema) as JsonSchema;
  } else if (config.responseSchema !== undefined && config.responseSchema !== null) {
    schema = geminiSchemaToJsonSchema(config.responseSchema, 'generationConfig.responseSchema');
  }
  const json = mimeType === undefined || mimeType.toLowerCase() === 'application/json';
  if (schema) {
    if (json) return { type: 'json-schema', schema };
    warnings.push(`a response schema with responseMimeType ${mimeType} is not supported by the relay; the schema was ignored`);
    return undefined;
  }
  if (mimeType?.toLowerCase() === 'application/json') return { type: 'json' };
  return undefined;
}

function decodeThinking(input: unknown, request: ChatRequest, facts: GenerateContentFacts): void {
  if (input === undefined || input === null) return;
  const path = 'generationConfig.thinkingConfig';
  const config = requireObject(input, path);
  const budget = optionalNumber(config, 'thinkingBudget', { min: -1, integer: true }, `${path}.thinkingBudget`);
  const include = optionalBoolean(config, 'includeThoughts', `${path}.includeThoughts`);
  const rawLevel = optionalString(config, 'thinkingLevel', `${path}.thinkingLevel`);
  let effort: ReasoningEffort | undefined;
  if (rawLevel !== undefined && rawLevel.toUpperCase() !== 'THINKING_LEVEL_UNSPECIFIED') {
    effort = THINKING_LEVELS[rawLevel.toUpperCase()];
    if (!effort) {
      throw invalid(`${path}.thinkingLevel`, `Invalid value for '${path}.thinkingLevel': expected one of 'MINIMAL', 'LOW', 'MEDIUM', 'HIGH', but got ${JSON.stringify(rawLevel)}.`);
    }
  }
  const reasoning: ReasoningConfig = {};
  if (budget === 0) reasoning.disabled = true;
  else if (budget === -1) reasoning.adaptive = true;
  else if (budget !== undefined) reasoning.budgetTokens = budget;
  if (effort) reasoning.effort = effort;
  // Thought summaries: the closest IR notion is a reasoning summary.
  if (include === true && !reasoning.disabled) {
    reasoning.summary = 'auto';
    facts.includeThoughts = true;
  }
  if (Object.keys(reasoning).length) request.reasoning = reasoning;
}

// ---------------------------------------------------------------------------------------------
// tools and toolConfig

function decodeTools(input: unknown, warnings: string[]): ToolDefinition[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const tools: ToolDefinition[] = [];
  input.forEach((raw, i) => {
    const tool = requireObject(raw, `tools[${i}]`);
    const others = Object.keys(tool).filter((k) => k !== 'functionDeclarations');
    if (others.length) warnings.push(`tools[${i}]: ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} not supported by the relay and was dropped`);
    const declarations = tool.functionDeclarations;
    if (declarations === undefined || declarations === null) return;
    if (!Array.isArray(declarations)) {
      throw invalid(`tools[${i}].functionDeclarations`, `Invalid type for 'tools[${i}].functionDeclarations': expected an array.`, 'invalid_type');
    }
    declarations.forEach((rawDeclaration, j) => {
      const path = `tools[${i}].functionDeclarations[${j}]`;
      const declaration = requireObject(rawDeclaration, path);
      const name = optionalString(declaration, 'name', `${path}.name`);
      if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
      let parameters: JsonSchema = { type: 'object', properties: {} };
      const jsonSchema = declaration.parametersJsonSchema;
      if (jsonSchema !== undefined && jsonSchema !== null) {
        if (!isObject(jsonSchema)) throw invalid(`${path}.parametersJsonSchema`, `Invalid type for '${path}.parametersJsonSchema': expected a schema object.`, 'invalid_type');
        parameters = normalizeJsonSchema(jsonSchema) as JsonSchema;
      } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
        parameters = geminiSchemaToJsonSchema(declaration.parameters, `${path}.parameters`);
      }
      const definition: ToolDefinition = { name, parameters };
      set(definition, 'description', optionalString(declaration, 'description', `${path}.description`));
      tools.push(definition);
    });
  });
  return tools;
}

function decodeToolConfig(input: unknown, request: ChatRequest, warnings: string[]): void {
  if (input === undefined || input === null) return;
  const config = requireObject(input, 'toolConfig');
  if (config.functionCallingConfig === undefined || config.functionCallingConfig === null) return;
  const path = 'toolConfig.functionCallingConfig';
  const calling = requireObject(config.functionCallingConfig, path);
  const rawMode = optionalString(calling, 'mode', `${path}.mode`);
  const mode = rawMode?.toUpperCase();
  if (mode !== undefined && !(CALLING_MODES as readonly string[]).includes(mode)) {
    throw invalid(`${path}.mode`, `Invalid value for '${path}.mode': expected one of 'AUTO', 'ANY', 'NONE', 'VALIDATED', but got ${JSON.stringify(rawMode)}.`);
  }
  const allowed = calling.allowedFunctionNames;
  if (allowed !== undefined && allowed !== null && (!Array.isArray(allowed) || !allowed.every((n) => typeof n === 'string'))) {
    throw invalid(`${path}.allowedFunctionNames`, `Invalid type for '${path}.allowedFunctionNames': expected an array of strings.`, 'invalid_type');
  }
  const names = (allowed ?? []) as string[];
  let choice: ToolChoice | undefined;
  switch (mode) {
    case 'NONE':
      choice = { type: 'none' };
      break;
    case 'ANY':
      if (names.length === 1) choice = { type: 'tool', name: names[0]! };
      else {
        choice = { type: 'required' };
        if (names.length > 1 && request.tools) {
          // Only these may be called: the others are left out of this call.
          request.tools = request.tools.filter((tool) => names.includes(tool.name));
          warnings.push(`allowedFunctionNames: only ${names.join(', ')} were offered to the model`);
        }
      }
      break;
    case 'AUTO':
    case 'VALIDATED':
      choice = { type: 'auto' };
      break;
    default:
      break;
  }
  set(request, 'toolChoice', choice);
}
