import type { ContentPart } from '../../ir/chat-request.js';
import { type GeminiPart, isRecord } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';

type ToolResultPart = Extract<ContentPart, { type: 'tool-result' }>;

/**
 * A tool result → `functionResponse {name, response, id}`. Gemini matches a response to its
 * call by name (and id), so a result without a name takes it from the earlier call with the
 * same id. `response` must be an object: JSON object content is sent as it is, anything
 * else is wrapped as `{result: text}` (`{error: text}` for a failed call).
 */
export function convertToGeminiFunctionResponse(
  part: ToolResultPart,
  callNames: ReadonlyMap<string, string>,
  warnings: string[],
): GeminiPart {
  let name = part.name ?? callNames.get(part.callId);
  if (!name) {
    addWarning(warnings, `tool result ${part.callId} matches no earlier tool call and has no name; its call id was sent as the name`);
    name = part.callId;
  }
  const text = toolResultText(part.content, warnings);
  let response: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) response = parsed;
  } catch {
    // Plain text: wrapped below.
  }
  response ??= part.isError ? { error: text } : { result: text };
  return { functionResponse: { name, response, id: part.callId } };
}

function toolResultText(content: string | ContentPart[], warnings: string[]): string {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const item of content) {
    if (item.type === 'text') texts.push(item.text);
    else addWarning(warnings, `${item.type} content inside a tool result is not supported for Gemini and was dropped`);
  }
  return texts.join('\n');
}
