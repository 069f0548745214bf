import { isJsonObject as isObject } from '../json-access.js';

/**
 * A generate-content client keeps reasoning only as an opaque `thoughtSignature` on the part
 * that followed it (Gemini CLI drops thought parts from its history altogether). That is
 * enough for Gemini, whose signature carries the reasoning context, but not for upstreams
 * that want their reasoning back whole: Anthropic checks a thinking block's text against its
 * signature (and, with budgeted thinking, needs the block back in a tool loop), and the
 * responses API wants its encrypted content. So when reasoning carries more than a bare
 * signature (text, encrypted/redacted data, several blocks), the relay hands out an envelope
 * as the thoughtSignature: base64 of a tagged JSON list of the reasoning blocks. It looks
 * like any other signature to the client, comes back verbatim, and decodes to the exact
 * reasoning parts. A bare signature (Gemini's own, through the IR) goes out as it is.
 */
export interface ThoughtBlock {
  text: string;
  signature?: string;
  redacted?: string;
}

const TAG = 'relaydesk-thought:v1:';

/** The thoughtSignature for reasoning blocks that led to one part. */
export function encodeThoughtSignature(blocks: readonly ThoughtBlock[]): string | undefined {
  if (blocks.length === 0) return undefined;
  const only = blocks[0]!;
  if (blocks.length === 1 && only.text === '' && only.redacted === undefined && only.signature !== undefined) return only.signature;
  const list = blocks.map((block) => ({
    ...(block.text !== '' ? { t: block.text } : {}),
    ...(block.signature !== undefined ? { s: block.signature } : {}),
    ...(block.redacted !== undefined ? { r: block.redacted } : {}),
  }));
  return Buffer.from(TAG + JSON.stringify(list), 'utf8').toString('base64');
}

/** The reasoning blocks of a relay envelope; undefined for any other (a provider's own) signature. */
export function decodeThoughtSignature(signature: string): ThoughtBlock[] | undefined {
  // Cheap test first: base64 of the tag always starts the same way.
  if (!signature.startsWith(TAG_BASE64_PREFIX)) return undefined;
  let text: string;
  try {
    text = Buffer.from(signature, 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  if (!text.startsWith(TAG)) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(text.slice(TAG.length));
  } catch {
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  const blocks: ThoughtBlock[] = [];
  for (const item of list) {
    if (!isObject(item)) return undefined;
    const block: ThoughtBlock = { text: typeof item.t === 'string' ? item.t : '' };
    if (typeof item.s === 'string') block.signature = item.s;
    if (typeof item.r === 'string') block.redacted = item.r;
    blocks.push(block);
  }
  return blocks;
}

/** Base64 of the tag's first 18 bytes (a multiple of 3, so it never depends on what follows). */
const TAG_BASE64_PREFIX = Buffer.from(TAG.slice(0, 18), 'utf8').toString('base64');

/**
 * Gemini's documented stand-in for a signature it cannot have (history that went through
 * another provider): Gemini 3 rejects a function call without one, and accepts this.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/**
 * The client's body on its way to a Gemini upstream as it is (pass-through): relay envelopes
 * go back to the signature they wrap, or, for reasoning Gemini never issued, to the skip
 * value on a function call and to nothing elsewhere. Everything else stays untouched; the
 * body is copied only where a signature changes.
 */
export function unwrapThoughtSignatures(body: Record<string, unknown>): Record<string, unknown> {
  const contents = body.contents;
  if (!Array.isArray(contents)) return body;
  let changed = false;
  const next = contents.map((content) => {
    if (!isObject(content) || !Array.isArray(content.parts)) return content;
    let partsChanged = false;
    const parts = content.parts.map((part) => {
      if (!isObject(part) || typeof part.thoughtSignature !== 'string') return part;
      const blocks = decodeThoughtSignature(part.thoughtSignature);
      if (!blocks) return part;
      partsChanged = true;
      const { thoughtSignature: _envelope, ...rest } = part;
      const inner = blocks.map((b) => b.signature).filter((s): s is string => s !== undefined).at(-1);
      if (inner !== undefined) return { ...rest, thoughtSignature: inner };
      return part.functionCall !== undefined ? { ...rest, thoughtSignature: SKIP_THOUGHT_SIGNATURE } : rest;
    });
    if (!partsChanged) return content;
    changed = true;
    return { ...content, parts };
  });
  return changed ? { ...body, contents: next } : body;
}
