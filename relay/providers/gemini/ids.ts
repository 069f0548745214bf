import { randomUUID } from 'node:crypto';

/** A tool-call id for a Gemini function call that came without one. */
export function newCallId(): string {
  return `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/** An answer id for a Gemini answer without `responseId`. */
export function newResponseId(): string {
  return `gemini-${randomUUID().replace(/-/g, '')}`;
}
