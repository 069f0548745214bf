import type { ChatRequest } from '../../ir/chat-request.js';
import { ToolNameMap } from './tool-names.js';

/**
 * What the responses front door knows about one call beyond the IR: the tool-name mapping
 * (namespaced and custom tools), the request fields a Response echoes back as the client
 * sent them, and notes about what a translation to another upstream kind drops.
 *
 * Kept beside the IR request (a WeakMap keyed by the very ChatRequest object the pipeline
 * hands back to `encodeResponse` / `createStreamEncoder`), so the IR stays protocol-neutral.
 */
export interface ResponsesRequestContext {
  toolNames: ToolNameMap;
  echo: ResponseEcho;
  /**
   * What only a responses-format upstream could serve (hosted tools such as `web_search`,
   * hosted-tool items in the history). A pass-through call keeps all of it, so these notes
   * join the call's warnings only once the call is translated (see `noteTranslation`).
   */
  translationNotes: string[];
  /** The pipeline's warning list of this call (logged with it). */
  warnings: string[] | undefined;
  notesFlushed: boolean;
}

/** Request fields the Response object repeats (OpenAPI `Response` requires most of them). */
export interface ResponseEcho {
  instructions: string | null;
  tools: unknown[];
  toolChoice: unknown;
  text: { format: unknown; verbosity: unknown };
  reasoning: { effort: unknown; summary: unknown };
  maxOutputTokens: number | null;
  temperature: number;
  topP: number;
  parallelToolCalls: boolean;
  promptCacheKey: string | null;
  safetyIdentifier: string | null;
  user: string | undefined;
  metadata: Record<string, string>;
  serviceTier: string;
  store: boolean;
  topLogprobs: number;
  truncation: string;
}

const contexts = new WeakMap<ChatRequest, ResponsesRequestContext>();

export function rememberContext(request: ChatRequest, context: ResponsesRequestContext): void {
  contexts.set(request, context);
}

/** The context recorded at decode, or one derived from the IR (a request decoded elsewhere). */
export function contextOf(request: ChatRequest): ResponsesRequestContext {
  const known = contexts.get(request);
  if (known) return known;
  const derived: ResponsesRequestContext = {
    toolNames: new ToolNameMap(),
    echo: echoFromIR(request),
    translationNotes: [],
    warnings: undefined,
    notesFlushed: true,
  };
  contexts.set(request, derived);
  return derived;
}

/** The call is being translated for a non-responses upstream: its translation notes become warnings. */
export function noteTranslation(request: ChatRequest): void {
  const context = contexts.get(request);
  if (!context || context.notesFlushed) return;
  context.notesFlushed = true;
  if (!context.warnings) return;
  for (const note of context.translationNotes) if (!context.warnings.includes(note)) context.warnings.push(note);
}

function echoFromIR(request: ChatRequest): ResponseEcho {
  const format = request.responseFormat;
  return {
    instructions: null,
    tools: (request.tools ?? []).map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description ?? null,
      parameters: tool.parameters,
      strict: tool.strict ?? null,
    })),
    toolChoice: !request.toolChoice ? 'auto' : request.toolChoice.type === 'tool' ? { type: 'function', name: request.toolChoice.name } : request.toolChoice.type,
    text: {
      format:
        !format || format.type === 'text'
          ? { type: 'text' }
          : format.type === 'json'
            ? { type: 'json_object' }
            : { type: 'json_schema', name: format.name ?? 'response', schema: format.schema, strict: format.strict ?? null },
      verbosity: 'medium',
    },
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    maxOutputTokens: request.maxOutputTokens ?? null,
    temperature: request.temperature ?? 1,
    topP: request.topP ?? 1,
    parallelToolCalls: request.parallelToolCalls ?? true,
    promptCacheKey: request.promptCacheKey ?? null,
    safetyIdentifier: null,
    user: request.user,
    metadata: request.metadata ?? {},
    serviceTier: 'default',
    store: false,
    topLogprobs: 0,
    truncation: 'disabled',
  };
}
