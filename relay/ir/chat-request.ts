// The internal representation of a model call. Every client protocol decodes into it and
// every provider adapter encodes out of it; no two wire formats ever meet directly.
// Absent stays undefined: an adapter sends only what the client gave.

export type JsonSchema = Record<string, unknown>;

export interface CacheControl {
  type: 'ephemeral';
  ttl?: string;
}

export type ImageSource = { kind: 'url'; url: string } | { kind: 'data'; mediaType: string; data: string };

export type ContentPart =
  | { type: 'text'; text: string; cacheControl?: CacheControl }
  | { type: 'image'; source: ImageSource; detail?: 'auto' | 'low' | 'high' }
  | { type: 'audio'; data: string; format: string }
  | { type: 'file'; data?: string; url?: string; mediaType?: string; filename?: string }
  /** Thinking: `signature` and `redacted` (encrypted) come back verbatim in the next turn. */
  | { type: 'reasoning'; text: string; signature?: string; redacted?: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string; signature?: string }
  | { type: 'tool-result'; callId: string; name?: string; content: string | ContentPart[]; isError?: boolean };

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/** System and developer messages may appear anywhere in the conversation, not only first. */
export interface Message {
  role: Role;
  content: ContentPart[];
  name?: string;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  parameters: JsonSchema;
  strict?: boolean;
  cacheControl?: CacheControl;
}

export type ToolChoice = { type: 'auto' } | { type: 'none' } | { type: 'required' } | { type: 'tool'; name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json' }
  | { type: 'json-schema'; name?: string; description?: string; schema: JsonSchema; strict?: boolean };

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

export interface ReasoningConfig {
  effort?: ReasoningEffort;
  /** Thinking budget in tokens (messages `budget_tokens`, generate-content `thinkingBudget`). */
  budgetTokens?: number;
  /** Adaptive thinking (the provider decides). */
  adaptive?: boolean;
  /** Reasoning explicitly switched off. */
  disabled?: boolean;
  summary?: 'auto' | 'concise' | 'detailed';
}

export interface ChatRequest {
  /** The model the client asked for; routing maps it to the upstream's name. */
  model: string;
  messages: Message[];
  stream: boolean;
  /** The client wants a usage record at the end of the stream (chat `stream_options.include_usage`). */
  streamUsage?: boolean;
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  stop?: string[];
  n?: number;
  responseFormat?: ResponseFormat;
  reasoning?: ReasoningConfig;
  modalities?: ('text' | 'audio')[];
  audio?: { voice?: string; format?: string };
  logprobs?: boolean;
  topLogprobs?: number;
  /** End-user id or metadata (`user`, `metadata.user_id`). */
  user?: string;
  metadata?: Record<string, string>;
  promptCacheKey?: string;
  serviceTier?: string;
}
