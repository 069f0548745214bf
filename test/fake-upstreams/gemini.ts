// A fake Gemini generate-content upstream, faithful to the documented wire format: key check
// (header or `?key=`), Google's error shape, `:generateContent` (JSON) and
// `:streamGenerateContent` (`?alt=sse`: `data:` lines only, CRLF framed; without it one JSON
// array), request validation for the mistakes Gemini rejects, and Gemini 3's thought
// signatures (always on a function call; with includeThoughts also a thought part and a
// signature on the first answer part); `:embedContent` and `:batchEmbedContents`; image models
// answering images inline (gemini-images.ts).
import { type Answer, type FakeUpstream, type RecordedRequest, startFakeUpstream } from './harness.js';
import { geminiImageAnswer, isGeminiImageModel } from './gemini-images.js';

export const FAKE_GEMINI_API_KEY = 'fake-gemini-key';
/** The signature the fake puts on answer parts and expects back on function calls. */
export const FAKE_THOUGHT_SIGNATURE = 'ZmFrZS10aG91Z2h0LXNpZ25hdHVyZQ==';

export interface FakeGeminiOptions {
  /** The key accepted (default `FAKE_GEMINI_API_KEY`), or several (the keys of one project). */
  apiKey?: string | string[];
}

type Json = Record<string, any>;

/** The length of the fake's embedding vectors when no `outputDimensionality` is asked. */
const FAKE_EMBEDDING_SIZE = 4;

export function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeUpstream> {
  const apiKey = [options.apiKey ?? FAKE_GEMINI_API_KEY].flat();
  let served = 0;
  return startFakeUpstream((request, { noUsage }) => answer(request, apiKey, noUsage, `fake-gemini-${++served}`));
}

function answer(request: RecordedRequest, apiKey: string[], noUsage: boolean, responseId: string): Answer {
  const headerKey = request.headers['x-goog-api-key'];
  const key = (Array.isArray(headerKey) ? headerKey[0] : headerKey) ?? request.query.get('key') ?? undefined;
  if (!key) {
    return googleError(
      403,
      'PERMISSION_DENIED',
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (!apiKey.includes(key)) {
    return googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
      { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
    ]);
  }

  const embed = /^\/v1beta\/models\/([^/:]+):(embedContent|batchEmbedContents)$/.exec(request.path);
  if (request.method === 'POST' && embed) return embedAnswer(decodeURIComponent(embed[1]!), embed[2]!, request.body as Json);

  const route = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(request.path);
  if (request.method !== 'POST' || !route) return googleError(404, 'NOT_FOUND', `Method not found: ${request.method} ${request.path}`);
  const model = decodeURIComponent(route[1]!);
  const method = route[2]!;
  if (!model.startsWith('gemini-')) {
    return googleError(
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
    );
  }

  const body = request.body as unknown;
  const invalid = validate(body);
  if (invalid) return googleError(400, 'INVALID_ARGUMENT', invalid);
  if (method === 'generateContent' && isGeminiImageModel(model)) return geminiImageAnswer(model, body as Json, noUsage, responseId);
  const plan = planAnswer(body as Json);

  const usage = noUsage ? undefined : usageFor(body as Json, plan);
  const chunks = method === 'generateContent' ? [wholeAnswer(plan)] : streamedAnswer(plan);
  const framed = chunks.map((chunk, i) => {
    const last = i === chunks.length - 1;
    const candidate: Json = { content: { parts: chunk, role: 'model' }, index: 0 };
    if (last) candidate.finishReason = 'STOP';
    const response: Json = { candidates: [candidate] };
    if (last && usage) response.usageMetadata = usage;
    response.modelVersion = model;
    response.responseId = responseId;
    return response;
  });

  if (method === 'generateContent') return { json: framed[0] };
  if (request.query.get('alt') !== 'sse') return { json: framed };
  return { stream: { chunks: framed.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`) } };
}

/**
 * `:embedContent` ({content} → {embedding: {values}}) and `:batchEmbedContents` ({requests:
 * [{model, content}]} → {embeddings: [{values}]}), without usage, as Gemini answers. Each
 * request's model must be the one in the path. A vector is FAKE_EMBEDDING_SIZE numbers, the
 * first the text's length (so tests can tell inputs apart), cut to `outputDimensionality`.
 */
function embedAnswer(model: string, method: string, body: Json): Answer {
  if (!model.startsWith('gemini-') && !model.startsWith('text-embedding-')) return googleError(404, 'NOT_FOUND', `models/${model} is not found for API version v1beta, or is not supported for ${method}.`);
  const vector = (request: Json, path: string): Json | string => {
    const parts: Json[] = Array.isArray(request?.content?.parts) ? request.content.parts : [];
    if (parts.length === 0) return `* ${path}content: contents must not be empty`;
    const text = parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
    const values = [text.length, 0.5, -0.25, 0.125].slice(0, request.outputDimensionality ?? FAKE_EMBEDDING_SIZE);
    return { values };
  };
  if (method === 'embedContent') {
    const one = vector(body, '');
    return typeof one === 'string' ? googleError(400, 'INVALID_ARGUMENT', one) : { json: { embedding: one } };
  }
  const requests: Json[] = Array.isArray(body?.requests) ? body.requests : [];
  if (requests.length === 0) return googleError(400, 'INVALID_ARGUMENT', '* BatchEmbedContentsRequest.requests: at least one request is required');
  const embeddings: Json[] = [];
  for (const [index, request] of requests.entries()) {
    if (request.model !== `models/${model}`) {
      return googleError(400, 'INVALID_ARGUMENT', `Model names should match. Found model models/${model} in the request URL and model ${request.model} in requests[${index}].`);
    }
    const one = vector(request, `BatchEmbedContentsRequest.requests[${index}].`);
    if (typeof one === 'string') return googleError(400, 'INVALID_ARGUMENT', one);
    embeddings.push(one);
  }
  return { json: { embeddings } };
}

function googleError(code: number, status: string, message: string, details?: unknown[]): Answer {
  return { status: code, json: { error: { code, message, status, ...(details ? { details } : {}) } } };
}

// ---------------------------------------------------------------------------------------------
// Validation: the request mistakes Gemini answers 400 to.

function validate(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Invalid JSON payload received.';
  const request = body as Json;
  const contents = request.contents;
  if (!Array.isArray(contents) || contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified\n';
  for (const [i, content] of contents.entries()) {
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') return 'Please use a valid role: user, model.';
    if (!Array.isArray(content.parts) || content.parts.length === 0) return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.\n`;
    for (const [j, part] of content.parts.entries()) {
      const fields = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse'].filter((f) => part?.[f] !== undefined);
      if (fields.length !== 1) {
        return `* GenerateContentRequest.contents[${i}].parts[${j}].data: required oneof field 'data' must have one initialized field\n`;
      }
      if (part.functionCall && content.role !== 'model') {
        return 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';
      }
      if (part.functionResponse) {
        if (typeof part.functionResponse.name !== 'string' || !part.functionResponse.name) {
          return `* GenerateContentRequest.contents[${i}].parts[${j}].function_response.name: Name cannot be empty.\n`;
        }
        if (typeof part.functionResponse.response !== 'object' || part.functionResponse.response === null || Array.isArray(part.functionResponse.response)) {
          return `Invalid JSON payload received. Unknown name "response" at 'contents[${i}].parts[${j}].function_response': Proto field is not repeating, cannot start list.`;
        }
      }
    }
    const calls = content.parts.filter((p: Json) => p.functionCall).length;
    const next = contents[i + 1];
    if (calls > 0 && next) {
      const responses = (next.parts ?? []).filter((p: Json) => p.functionResponse).length;
      if (next.role === 'model' || responses !== calls) {
        return 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
      }
    }
  }
  const missing = missingSignature(contents);
  if (missing) return missing;

  const instruction = request.systemInstruction;
  if (instruction !== undefined && (!Array.isArray(instruction.parts) || instruction.parts.some((p: Json) => typeof p.text !== 'string'))) {
    return '* GenerateContentRequest.system_instruction.parts: must be text parts\n';
  }
  for (const [t, tool] of (Array.isArray(request.tools) ? request.tools : []).entries()) {
    for (const [d, declaration] of (Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []).entries()) {
      if (typeof declaration.name !== 'string' || !declaration.name) return `* GenerateContentRequest.tools[${t}].function_declarations[${d}].name: Name cannot be empty.\n`;
      if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
        return `* GenerateContentRequest.tools[${t}].function_declarations[${d}]: parameters and parameters_json_schema cannot both be set.\n`;
      }
    }
  }
  const calling = request.toolConfig?.functionCallingConfig;
  if (calling?.allowedFunctionNames !== undefined && calling.mode !== 'ANY') {
    return '* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: allowed_function_names can only be set when mode is ANY.\n';
  }
  const config = request.generationConfig ?? {};
  if (config.thinkingConfig?.thinkingBudget !== undefined && config.thinkingConfig?.thinkingLevel !== undefined) {
    return 'You can only set only one of thinking budget and thinking level.';
  }
  if (config.responseJsonSchema !== undefined && config.responseMimeType !== 'application/json') {
    return '* GenerateContentRequest.generation_config.response_mime_type: response_json_schema requires response_mime_type application/json.\n';
  }
  return undefined;
}

/**
 * Gemini 3: in the current turn (after the last user content with more than function
 * responses), the first function call of every model step must carry its signature.
 */
function missingSignature(contents: Json[]): string | undefined {
  let start = 0;
  contents.forEach((content, i) => {
    if (content.role !== 'model' && content.parts.some((p: Json) => !p.functionResponse)) start = i;
  });
  for (let i = start; i < contents.length; i++) {
    const content = contents[i]!;
    if (content.role !== 'model') continue;
    const position = content.parts.findIndex((p: Json) => p.functionCall);
    if (position >= 0 && !content.parts[position].thoughtSignature) {
      return (
        'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing ' +
        `thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${content.parts[position].functionCall.name}\` , ` +
        `position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`
      );
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The answer.

interface Plan {
  thought?: string;
  text?: string;
  call?: { name: string; args: Json; id: string };
}

function planAnswer(request: Json): Plan {
  const contents: Json[] = request.contents;
  const lastContent = contents.at(-1)!;
  const config = request.generationConfig ?? {};
  const thinking = config.thinkingConfig?.includeThoughts === true && config.thinkingConfig?.thinkingBudget !== 0;
  const lastUser = [...contents].reverse().find((c) => c.role !== 'model' && c.parts.some((p: Json) => typeof p.text === 'string'));
  const lastText: string = lastUser ? lastUser.parts.filter((p: Json) => typeof p.text === 'string').at(-1).text : '';
  const plan: Plan = thinking ? { thought: `Thinking about "${lastText.slice(0, 80)}".` } : {};

  const responses = lastContent.role === 'model' ? [] : lastContent.parts.filter((p: Json) => p.functionResponse);
  if (responses.length) {
    plan.text = responses.map((p: Json) => `Tool ${p.functionResponse.name} answered: ${JSON.stringify(p.functionResponse.response)}`).join('\n');
    return plan;
  }

  const declarations: Json[] = (Array.isArray(request.tools) ? request.tools : []).flatMap((t: Json) => t.functionDeclarations ?? []);
  const calling = request.toolConfig?.functionCallingConfig ?? {};
  const mode = calling.mode ?? 'AUTO';
  if (declarations.length && mode !== 'NONE' && (mode === 'ANY' || /weather/i.test(lastText))) {
    const allowed: string[] = calling.allowedFunctionNames ?? declarations.map((d) => d.name);
    const name = allowed.includes('get_weather') ? 'get_weather' : allowed[0]!;
    const city = /\bin ([A-Z][a-zA-Z]+)/.exec(lastText)?.[1] ?? 'Paris';
    plan.call = { name, args: name === 'get_weather' ? { location: city } : {}, id: `${name}_call_1` };
    return plan;
  }

  if (config.responseMimeType === 'application/json') {
    plan.text = JSON.stringify(config.responseJsonSchema ? sampleFromSchema(config.responseJsonSchema, lastText) : { text: `Echo: ${lastText}` });
    return plan;
  }
  plan.text = `Echo: ${lastText}`;
  return plan;
}

/** A value matching a simple JSON Schema (OpenAPI-style upper-case types too): every property filled in. */
function sampleFromSchema(schema: Json, text: string): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length) return sampleFromSchema(variants[0], text);
  const types: string[] = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(Boolean).map((t: string) => t.toLowerCase());
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleFromSchema(value as Json, text)]));
    case 'array':
      return schema.items ? [sampleFromSchema(schema.items, text)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return `Echo: ${text}`;
  }
}

function wholeAnswer(plan: Plan): Json[] {
  const parts: Json[] = [];
  if (plan.thought !== undefined) parts.push({ text: plan.thought, thought: true });
  parts.push(answerPart(plan, plan.text ?? '', true));
  return parts;
}

/** One chunk per part piece: the thought, then the text in a few pieces (or the call, whole). */
function streamedAnswer(plan: Plan): Json[][] {
  const chunks: Json[][] = [];
  if (plan.thought !== undefined) chunks.push([{ text: plan.thought, thought: true }]);
  if (plan.call) {
    chunks.push([answerPart(plan, '', true)]);
    return chunks;
  }
  splitText(plan.text ?? '').forEach((piece, i) => chunks.push([answerPart(plan, piece, i === 0)]));
  return chunks;
}

function answerPart(plan: Plan, text: string, first: boolean): Json {
  if (plan.call) return { functionCall: { name: plan.call.name, args: plan.call.args, id: plan.call.id }, thoughtSignature: FAKE_THOUGHT_SIGNATURE };
  const part: Json = { text };
  if (first && plan.thought !== undefined) part.thoughtSignature = FAKE_THOUGHT_SIGNATURE;
  return part;
}

/** Up to three pieces on word boundaries. */
function splitText(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [''];
  const size = Math.max(1, Math.ceil(words.length / 3));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
  return pieces;
}

function usageFor(request: Json, plan: Plan): Json {
  const texts: string[] = [];
  for (const part of request.systemInstruction?.parts ?? []) if (typeof part.text === 'string') texts.push(part.text);
  for (const content of request.contents) {
    for (const part of content.parts) {
      if (typeof part.text === 'string') texts.push(part.text);
      if (part.functionCall) texts.push(JSON.stringify(part.functionCall));
      if (part.functionResponse) texts.push(JSON.stringify(part.functionResponse));
    }
  }
  const prompt = Math.max(1, countWords(texts.join(' ')));
  const candidates = Math.max(1, countWords(plan.call ? JSON.stringify(plan.call.args) : (plan.text ?? '')));
  const usage: Json = { promptTokenCount: prompt, candidatesTokenCount: candidates };
  let total = prompt + candidates;
  if (plan.thought !== undefined) {
    usage.thoughtsTokenCount = countWords(plan.thought);
    total += usage.thoughtsTokenCount;
  }
  usage.totalTokenCount = total;
  usage.promptTokensDetails = [{ modality: 'TEXT', tokenCount: prompt }];
  return usage;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
