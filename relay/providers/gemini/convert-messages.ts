import type { ContentPart, Message, Role } from '../../ir/chat-request.js';
import { type GeminiContent, type GeminiPart, type GeminiRole, isRecord } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';
import { convertToGeminiFunctionResponse } from './convert-function-response.js';
import { convertToGeminiMediaPart } from './convert-media-part.js';

/**
 * Gemini's documented stand-in for a signature the history lost (a conversation that went
 * through a client protocol without signatures, or came from another model). Gemini 3
 * rejects a function-call step whose first call has no signature; this value skips that check.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

export interface GeminiConversation {
  systemInstruction?: { parts: { text: string }[] };
  contents: GeminiContent[];
}

/**
 * IR messages → `systemInstruction` + `contents`.
 *
 * Leading system/developer messages become the `systemInstruction`. Later ones (Claude Code
 * puts `role: "system"` entries mid-conversation; Codex sends developer messages between
 * turns) stay where they are, as user text: Gemini has one instruction per request and no
 * system role in `contents`, so hoisting them would move them out of the context they refer
 * to ("the user switched modes", "this file changed"), and dropping or rejecting them would
 * break those clients. A user turn is what the model reads at that point anyway; the text is
 * kept verbatim (those messages are already self-describing, e.g. `<system-reminder>`).
 *
 * Consecutive turns of one role are merged (a tool message's results and the next user
 * message form one user turn, as Gemini expects).
 */
export function convertToGeminiContents(messages: Message[], warnings: string[]): GeminiConversation {
  const callNames = new Map<string, string>();
  for (const message of messages) {
    for (const part of message.content) if (part.type === 'tool-call') callNames.set(part.id, part.name);
  }

  let index = 0;
  const systemParts: { text: string }[] = [];
  for (; index < messages.length && isInstruction(messages[index]!.role); index++) {
    for (const part of messages[index]!.content) {
      if (part.type === 'text') {
        noteCacheControl(part, warnings);
        if (part.text) systemParts.push({ text: part.text });
      } else {
        addWarning(warnings, `${part.type} content in a system message is not supported by Gemini and was dropped`);
      }
    }
  }

  const contents: GeminiContent[] = [];
  for (; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.name !== undefined) addWarning(warnings, 'message names are not supported by Gemini and were ignored');
    if (isInstruction(message.role)) {
      addWarning(warnings, `a ${message.role} message after the first turn was sent in place as user text (Gemini takes one leading systemInstruction)`);
    }
    const role: GeminiRole = message.role === 'assistant' ? 'model' : 'user';
    const parts = role === 'model' ? convertModelParts(message.content, warnings) : convertUserParts(message, callNames, warnings);
    if (parts.length === 0) continue;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }

  for (const content of contents) {
    if (content.role !== 'model') continue;
    const firstCall = content.parts.find((part) => part.functionCall);
    if (firstCall && !firstCall.thoughtSignature) {
      firstCall.thoughtSignature = SKIP_THOUGHT_SIGNATURE;
      addWarning(warnings, `a function call in the history had no thought signature; sent with "${SKIP_THOUGHT_SIGNATURE}"`);
    }
  }

  if (contents.length === 0 && systemParts.length) {
    // Gemini rejects a request without contents; an instruction-only prompt is the prompt.
    addWarning(warnings, 'the request has only system/developer messages; they were sent as the user turn');
    return { contents: [{ role: 'user', parts: systemParts }] };
  }
  return systemParts.length ? { systemInstruction: { parts: systemParts }, contents } : { contents };
}

function isInstruction(role: Role): boolean {
  return role === 'system' || role === 'developer';
}

function noteCacheControl(part: Extract<ContentPart, { type: 'text' }>, warnings: string[]): void {
  if (part.cacheControl) addWarning(warnings, 'cache_control markers are not supported by Gemini (it caches implicitly) and were ignored');
}

/** User, tool and later system/developer messages: everything a `user` turn can carry. */
function convertUserParts(message: Message, callNames: ReadonlyMap<string, string>, warnings: string[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        noteCacheControl(part, warnings);
        if (part.text) parts.push({ text: part.text });
        break;
      case 'image':
      case 'audio':
      case 'file': {
        const media = convertToGeminiMediaPart(part, warnings);
        if (media) parts.push(media);
        break;
      }
      case 'tool-result':
        parts.push(convertToGeminiFunctionResponse(part, callNames, warnings));
        break;
      case 'reasoning':
      case 'tool-call':
        addWarning(warnings, `${part.type} content in a ${message.role} message is not supported by Gemini and was dropped`);
        break;
    }
  }
  return parts;
}

/**
 * An assistant message → `model` parts. Gemini returns a `thoughtSignature` on the part that
 * follows the thinking (a text or functionCall part) and wants it back on that same part; the
 * IR carries it on a reasoning part placed just before (or on the tool call itself). So a
 * reasoning signature is held and put on the next part; one with nothing after it goes back
 * on an empty text part, the form Gemini itself streams it in. Thought summaries (reasoning
 * text) are not sent: Gemini takes no thought text as input, the signature carries the
 * reasoning context.
 */
function convertModelParts(content: ContentPart[], warnings: string[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  let pending: string | undefined;
  const flushPending = () => {
    if (pending !== undefined) parts.push({ text: '', thoughtSignature: pending });
    pending = undefined;
  };
  const takePending = (part: GeminiPart): GeminiPart => {
    if (pending !== undefined) part.thoughtSignature = pending;
    pending = undefined;
    return part;
  };

  for (const part of content) {
    switch (part.type) {
      case 'reasoning':
        if (part.redacted !== undefined) addWarning(warnings, 'redacted reasoning cannot be sent to Gemini and was dropped');
        if (part.signature) {
          flushPending();
          pending = part.signature;
        }
        break;
      case 'text':
        noteCacheControl(part, warnings);
        if (part.text || pending !== undefined) parts.push(takePending({ text: part.text }));
        break;
      case 'tool-call': {
        if (part.signature && pending !== undefined) flushPending();
        const call: GeminiPart = { functionCall: { name: part.name, args: parseArguments(part, warnings), id: part.id } };
        if (part.signature) call.thoughtSignature = part.signature;
        parts.push(takePending(call));
        break;
      }
      case 'image':
      case 'audio':
      case 'file': {
        const media = convertToGeminiMediaPart(part, warnings);
        if (media) parts.push(takePending(media));
        break;
      }
      case 'tool-result':
        addWarning(warnings, 'tool-result content in an assistant message is not supported by Gemini and was dropped');
        break;
    }
  }
  flushPending();
  return parts;
}

function parseArguments(part: Extract<ContentPart, { type: 'tool-call' }>, warnings: string[]): Record<string, unknown> {
  if (!part.arguments.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(part.arguments);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Reported below.
  }
  addWarning(warnings, `the arguments of tool call ${part.id} (${part.name}) are not a JSON object; sent as {}`);
  return {};
}
