import type { ContentPart } from '../../ir/chat-request.js';

type ReasoningPart = Extract<ContentPart, { type: 'reasoning' }>;

/**
 * How reasoning that must come back verbatim travels through a responses client.
 *
 * A reasoning item's `encrypted_content` is opaque to the client, which returns it in the
 * next request's `input` (Codex: `store: false` + `include: ['reasoning.encrypted_content']`;
 * the relay stores nothing, so it is sent whenever there is one). The IR has two kinds of
 * such data, and the upstreams need them apart:
 * - `redacted` (OpenAI's encrypted content, Anthropic's `redacted_thinking` data): sent as it is;
 * - `signature` (Anthropic's thinking signature, Gemini's thought signature): sent with the
 *   prefix below, so that the next turn gives it back as a signature (with the summary text
 *   as the signed thinking text), not as redacted data.
 * Encrypted content without the prefix (from OpenAI itself, or unknown) reads as `redacted`.
 */
export const SIGNATURE_PREFIX = 'relaydesk.signature.v1:';

/** The `encrypted_content` for an IR reasoning part, if it carries anything to return. */
export function encryptedContentOf(part: { signature?: string; redacted?: string }): string | undefined {
  if (part.redacted !== undefined && part.redacted !== '') return part.redacted;
  if (part.signature !== undefined && part.signature !== '') return SIGNATURE_PREFIX + part.signature;
  return undefined;
}

/** A reasoning item of the client's history → an IR reasoning part (undefined when empty). */
export function reasoningPartOf(text: string, encrypted: string | undefined): ReasoningPart | undefined {
  if (text === '' && !encrypted) return undefined;
  const part: ReasoningPart = { type: 'reasoning', text };
  if (encrypted?.startsWith(SIGNATURE_PREFIX)) part.signature = encrypted.slice(SIGNATURE_PREFIX.length);
  else if (encrypted) part.redacted = encrypted;
  return part;
}
