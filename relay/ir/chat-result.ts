import type { ContentPart } from './chat-request.js';
import type { FinishReason } from './finish-reason.js';
import type { Usage } from './usage.js';

/** A whole (non-streamed) answer. `content` holds text, reasoning and tool-call parts in order. */
export interface ChatResult {
  id: string;
  model: string;
  created: number;
  content: ContentPart[];
  finish: FinishReason;
  usage: Usage;
  systemFingerprint?: string;
}
