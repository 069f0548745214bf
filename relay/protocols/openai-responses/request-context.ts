import type { ToolNameMap } from './tool-names.js';

/**
 * What the responses front door knows about one call beyond the IR: the tool-name mapping
 * (namespaced and custom tools), the request fields a Response echoes back as the client
 * sent them, and notes about what a translation to another upstream kind drops. It is the
 * codec's per-call context: decode answers it, the pipeline hands it back to the encoders.
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
  warnings: string[];
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

/** The call is being translated for a non-responses upstream: its translation notes become warnings. */
export function noteTranslation(context: ResponsesRequestContext): void {
  if (context.notesFlushed) return;
  context.notesFlushed = true;
  for (const note of context.translationNotes) if (!context.warnings.includes(note)) context.warnings.push(note);
}
