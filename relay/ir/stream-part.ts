import type { FinishReason } from './finish-reason.js';
import type { RelayErrorInfo } from './relay-error.js';
import type { Usage } from './usage.js';

/**
 * A streamed answer is a sequence of these, in order: `start` first, then content parts
 * with a start/delta/end lifecycle, then `finish` (with usage) last — or `error`.
 * Encoders switch on `type` with a `never` default, so a new part is a compile error
 * wherever it is not handled.
 */
export type StreamPart =
  | { type: 'start'; id: string; model: string; created: number }
  | { type: 'text-start' }
  | { type: 'text-delta'; text: string }
  | { type: 'text-end' }
  | { type: 'reasoning-start' }
  | { type: 'reasoning-delta'; text: string }
  /** Signature or encrypted content of the reasoning block just streamed. */
  | { type: 'reasoning-signature'; signature: string }
  | { type: 'reasoning-redacted'; data: string }
  | { type: 'reasoning-end' }
  /** `index` numbers tool calls of this answer from 0. */
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason; usage?: Usage }
  | { type: 'error'; error: RelayErrorInfo };
