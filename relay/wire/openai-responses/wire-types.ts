// The parts of the OpenAI responses wire format (`POST /v1/responses`) this adapter sends.
// Answers are read loosely (see json-access.ts), so only the request side is typed here.

export type ResponsesInputContent =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'auto' | 'low' | 'high' }
  | { type: 'input_file'; file_data?: string; file_url?: string; filename?: string };

export interface ResponsesOutputText {
  type: 'output_text';
  text: string;
}

export type ResponsesInputItem =
  | { type: 'message'; role: 'user' | 'system' | 'developer'; content: ResponsesInputContent[] }
  | { type: 'message'; role: 'assistant'; content: ResponsesOutputText[] }
  | { type: 'reasoning'; summary: { type: 'summary_text'; text: string }[]; encrypted_content: string }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string | ResponsesInputContent[] };

export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

export type ResponsesToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; name: string };

export type ResponsesTextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; description?: string; schema: Record<string, unknown>; strict?: boolean };

export interface ResponsesReasoning {
  effort?: string;
  summary?: 'auto' | 'concise' | 'detailed';
}

export interface ResponsesRequestBody {
  model: string;
  input: ResponsesInputItem[];
  stream: boolean;
  store: boolean;
  include?: string[];
  tools?: ResponsesFunctionTool[];
  tool_choice?: ResponsesToolChoice;
  parallel_tool_calls?: boolean;
  max_output_tokens?: number;
  temperature?: number;
  top_p?: number;
  reasoning?: ResponsesReasoning;
  text?: { format: ResponsesTextFormat };
  user?: string;
  metadata?: Record<string, string>;
  prompt_cache_key?: string;
  service_tier?: string;
}
