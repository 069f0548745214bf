import type { ContentPart, ImageSource, Message } from '../../ir/chat-request.js';
import { RelayError } from '../../ir/relay-error.js';
import type {
  AnthropicAssistantBlock,
  AnthropicCacheControl,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
  AnthropicUserBlock,
} from '../../wire/anthropic-messages/wire-types.js';

export interface AnthropicPrompt {
  /** Text blocks of the leading system/developer messages; undefined when there are none. */
  system?: AnthropicTextBlock[];
  messages: AnthropicMessage[];
  warnings: string[];
}

/**
 * IR messages → Anthropic's top-level `system` plus alternating user/assistant turns.
 *
 * - Leading system/developer messages become `system` text blocks (cache_control kept).
 * - System/developer messages later in the conversation stay where they are, as text in a
 *   user turn wrapped in `<system-reminder>…</system-reminder>`. Why not move them into
 *   `system`: that would change the instruction's place in the conversation and invalidate
 *   the prompt cache for every turn after the first. Why not send `role: "system"` in
 *   `messages`: Anthropic accepts that only on some models (Opus 4.8 on the first-party
 *   API, not on Bedrock/Vertex/Foundry) and under placement rules, and every other model
 *   rejects the whole request. The wrapped user text works on every model and every
 *   Anthropic-compatible upstream, and is the form Claude Code itself uses for such
 *   mid-conversation instructions, so the models are trained to heed it.
 * - IR `tool` messages become `tool_result` blocks in a user turn; consecutive turns of the
 *   same role are merged (the API wants them alternating).
 */
export function convertToAnthropicMessages(messages: Message[]): AnthropicPrompt {
  const warnings: string[] = [];
  const system: AnthropicTextBlock[] = [];
  const turns: AnthropicMessage[] = [];

  let i = 0;
  for (; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role !== 'system' && message.role !== 'developer') break;
    system.push(...systemTextBlocks(message, warnings));
  }

  for (; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.name) warnings.push(`Message names are not supported by Anthropic; the name "${message.name}" was not sent.`);
    switch (message.role) {
      case 'system':
      case 'developer':
        pushTurn(turns, 'user', systemReminderBlocks(message, warnings));
        break;
      case 'user':
      case 'tool':
        pushTurn(turns, 'user', convertUserParts(message.content, message.role, warnings));
        break;
      case 'assistant':
        pushTurn(turns, 'assistant', convertAssistantParts(message.content, warnings));
        break;
    }
  }

  for (const turn of turns) if (turn.role === 'user') toolResultsFirst(turn.content);
  trimFinalAssistantText(turns, warnings);

  if (turns.length === 0) {
    if (system.length === 0) {
      throw new RelayError(400, 'invalid_request', 'The request has no messages to send: Anthropic needs at least one user turn.', '', 'messages');
    }
    // Only system text: Anthropic needs a user turn, so the instructions become the prompt.
    warnings.push('The request has only system messages; Anthropic needs a user turn, so they were sent as the user message.');
    return { messages: [{ role: 'user', content: system }], warnings };
  }
  return { ...(system.length > 0 ? { system } : {}), messages: turns, warnings };
}

function pushTurn(turns: AnthropicMessage[], role: 'user', blocks: AnthropicUserBlock[]): void;
function pushTurn(turns: AnthropicMessage[], role: 'assistant', blocks: AnthropicAssistantBlock[]): void;
function pushTurn(turns: AnthropicMessage[], role: 'user' | 'assistant', blocks: (AnthropicUserBlock | AnthropicAssistantBlock)[]): void {
  if (blocks.length === 0) return; // empty content is rejected; what was dropped was warned about
  const last = turns[turns.length - 1];
  if (last && last.role === role) (last.content as unknown[]).push(...blocks);
  else turns.push({ role, content: blocks } as AnthropicMessage);
}

function systemTextBlocks(message: Message, warnings: string[]): AnthropicTextBlock[] {
  const blocks: AnthropicTextBlock[] = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      if (part.text !== '') blocks.push(textBlock(part.text, part.cacheControl));
    } else {
      warnings.push(`Anthropic's system prompt takes text only; a ${part.type} part of a ${message.role} message was dropped.`);
    }
  }
  return blocks;
}

function systemReminderBlocks(message: Message, warnings: string[]): AnthropicTextBlock[] {
  return systemTextBlocks(message, warnings).map((block) => ({
    ...block,
    text: `<system-reminder>\n${block.text}\n</system-reminder>`,
  }));
}

function textBlock(text: string, cacheControl: AnthropicCacheControl | undefined): AnthropicTextBlock {
  return cacheControl ? { type: 'text', text, cache_control: { ...cacheControl } } : { type: 'text', text };
}

function convertUserParts(parts: ContentPart[], role: 'user' | 'tool', warnings: string[]): AnthropicUserBlock[] {
  const blocks: AnthropicUserBlock[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push(textBlock(part.text, part.cacheControl));
        break;
      case 'image':
        blocks.push(convertImage(part.source, part.detail, warnings));
        break;
      case 'file': {
        const block = convertFile(part, warnings);
        if (block) blocks.push(block);
        break;
      }
      case 'audio':
        warnings.push(`Anthropic does not accept audio input; an audio part (${part.format}) was dropped.`);
        break;
      case 'tool-result':
        blocks.push(convertToolResult(part, warnings));
        break;
      case 'reasoning':
      case 'tool-call':
        warnings.push(`A ${part.type} part in a ${role} message cannot be sent to Anthropic (only assistant turns carry them); it was dropped.`);
        break;
    }
  }
  return blocks;
}

function convertToolResult(part: Extract<ContentPart, { type: 'tool-result' }>, warnings: string[]): AnthropicToolResultBlock {
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: part.callId };
  if (typeof part.content === 'string') {
    if (part.content !== '') block.content = part.content;
  } else {
    const content: NonNullable<Exclude<AnthropicToolResultBlock['content'], string>> = [];
    for (const inner of convertUserParts(part.content, 'tool', warnings)) {
      if (inner.type === 'tool_result') warnings.push('A tool result nested in a tool result cannot be sent to Anthropic; it was dropped.');
      else content.push(inner);
    }
    if (content.length > 0) block.content = content;
  }
  if (part.isError) block.is_error = true;
  return block;
}

function convertImage(source: ImageSource, detail: 'auto' | 'low' | 'high' | undefined, warnings: string[]): AnthropicImageBlock {
  if (detail && detail !== 'auto') warnings.push(`Anthropic has no image detail setting; detail "${detail}" was ignored.`);
  if (source.kind === 'data') return { type: 'image', source: { type: 'base64', media_type: source.mediaType, data: source.data } };
  const dataUrl = parseDataUrl(source.url);
  if (dataUrl) return { type: 'image', source: { type: 'base64', media_type: dataUrl.mediaType, data: dataUrl.data } };
  return { type: 'image', source: { type: 'url', url: source.url } };
}

/** Documents where Anthropic has a form for them: PDF (data or URL), plain text, images. */
function convertFile(part: Extract<ContentPart, { type: 'file' }>, warnings: string[]): AnthropicImageBlock | AnthropicDocumentBlock | undefined {
  const dataUrl = part.data ? parseDataUrl(part.data) : undefined;
  const data = dataUrl ? dataUrl.data : part.data;
  const mediaType = (part.mediaType ?? dataUrl?.mediaType ?? guessMediaType(part.filename ?? part.url)).toLowerCase();
  const title = part.filename ? { title: part.filename } : {};
  const label = part.filename ?? part.url ?? 'file';

  if (mediaType.startsWith('image/')) {
    if (data) return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
    if (part.url) return { type: 'image', source: { type: 'url', url: part.url } };
  } else if (mediaType === 'application/pdf' || (mediaType === '' && part.url && !data)) {
    if (data) return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data }, ...title };
    if (part.url) return { type: 'document', source: { type: 'url', url: part.url }, ...title };
  } else if (isTextual(mediaType)) {
    if (data) {
      return {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: Buffer.from(data, 'base64').toString('utf8') },
        ...title,
      };
    }
    warnings.push(`Anthropic reads only PDF documents by URL; the ${mediaType} file ${label} was dropped.`);
    return undefined;
  }
  if (!data && !part.url) {
    warnings.push(`A file without inline data or URL (e.g. a file id) cannot be sent to Anthropic; ${label} was dropped.`);
  } else {
    warnings.push(`Anthropic accepts PDF, plain-text and image files only; the ${mediaType || 'untyped'} file ${label} was dropped.`);
  }
  return undefined;
}

function convertAssistantParts(parts: ContentPart[], warnings: string[]): AnthropicAssistantBlock[] {
  const blocks: AnthropicAssistantBlock[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push(textBlock(part.text, part.cacheControl));
        break;
      case 'reasoning':
        // Thinking goes back verbatim, in place (before the text/tool_use it led to): the API
        // checks the signature. Reasoning from another provider has none and is refused.
        if (part.redacted) blocks.push({ type: 'redacted_thinking', data: part.redacted });
        else if (part.signature !== undefined) blocks.push({ type: 'thinking', thinking: part.text, signature: part.signature });
        else warnings.push('Reasoning without an Anthropic signature cannot be sent back to Anthropic; it was dropped.');
        break;
      case 'tool-call':
        // A tool-call `signature` is another provider's (generate-content's thought signature):
        // it means nothing to Anthropic and is left out.
        blocks.push({ type: 'tool_use', id: part.id, name: part.name, input: parseToolInput(part.arguments, part.name, warnings) });
        break;
      case 'image':
      case 'audio':
      case 'file':
      case 'tool-result':
        warnings.push(`Anthropic assistant turns cannot carry a ${part.type} part; it was dropped.`);
        break;
    }
  }
  return blocks;
}

/** Tool-call arguments are JSON text; Anthropic wants the object. Invalid → `{}` and a warning. */
function parseToolInput(args: string, name: string, warnings: string[]): Record<string, unknown> {
  if (args.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(args);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  warnings.push(`The arguments of the ${name} tool call are not a JSON object; {} was sent as its input.`);
  return {};
}

/**
 * The API wants a user turn's `tool_result` blocks before anything else in it ("tool_result
 * blocks must come first"); merging a tool message with a following user or mid-conversation
 * system message can put text first. A stable partition fixes the order and loses nothing.
 */
function toolResultsFirst(content: AnthropicUserBlock[]): void {
  if (!content.some((block) => block.type === 'tool_result')) return;
  const results = content.filter((block) => block.type === 'tool_result');
  const rest = content.filter((block) => block.type !== 'tool_result');
  content.splice(0, content.length, ...results, ...rest);
}

/** A final assistant turn (a prefill) must not end in whitespace, or the API refuses it. */
function trimFinalAssistantText(turns: AnthropicMessage[], warnings: string[]): void {
  const last = turns[turns.length - 1];
  if (last?.role !== 'assistant') return;
  const block = last.content[last.content.length - 1];
  if (block?.type !== 'text' || block.text === block.text.trimEnd()) return;
  block.text = block.text.trimEnd();
  warnings.push('Trailing whitespace of the final assistant message (a prefill) was trimmed: Anthropic refuses it.');
  if (block.text === '') last.content.pop();
  if (last.content.length === 0) turns.pop();
}

function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return undefined;
  const mediaType = match[1] || 'text/plain';
  const isBase64 = (match[2] ?? '').split(';').includes('base64');
  const payload = match[3] ?? '';
  if (isBase64) return { mediaType, data: payload };
  try {
    return { mediaType, data: Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64') };
  } catch {
    throw new RelayError(400, 'invalid_request', 'A data: URL in the messages is not valid percent-encoded text (use ;base64 for binary data).', 'invalid_data_url');
  }
}

function guessMediaType(name: string | undefined): string {
  const extension = name?.split(/[?#]/)[0]?.split('.').pop()?.toLowerCase();
  switch (extension) {
    case 'pdf':
      return 'application/pdf';
    case 'txt':
    case 'md':
      return 'text/plain';
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'gif':
      return 'image/gif';
    case 'webp':
      return 'image/webp';
    default:
      return '';
  }
}

function isTextual(mediaType: string): boolean {
  return mediaType.startsWith('text/') || mediaType === 'application/json' || mediaType === 'application/xml';
}
