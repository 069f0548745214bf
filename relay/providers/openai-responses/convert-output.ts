import type { ContentPart } from '../../ir/chat-request.js';
import { arrayAt, isJsonObject, stringAt } from '../../wire/json-access.js';

/**
 * A Response's `output` items → IR parts, in order: message text (refusals read as text),
 * reasoning (summary text, encrypted content as `redacted`) and function calls (`call_id`
 * as the id). Other item kinds (hosted tools) are not requested by this adapter and skipped.
 */
export function convertResponsesOutput(output: unknown[]): ContentPart[] {
  const parts: ContentPart[] = [];
  for (const item of output) {
    if (!isJsonObject(item)) continue;
    switch (item.type) {
      case 'message': {
        const text = messageText(item);
        if (text !== '') parts.push({ type: 'text', text });
        break;
      }
      case 'reasoning': {
        const text = reasoningText(item);
        const encrypted = stringAt(item, 'encrypted_content');
        if (text === '' && !encrypted) break;
        const part: ContentPart = { type: 'reasoning', text };
        if (encrypted) part.redacted = encrypted;
        parts.push(part);
        break;
      }
      case 'function_call':
        parts.push({
          type: 'tool-call',
          id: stringAt(item, 'call_id') ?? stringAt(item, 'id') ?? '',
          name: stringAt(item, 'name') ?? '',
          arguments: stringAt(item, 'arguments') ?? '',
        });
        break;
      default:
        break;
    }
  }
  return parts;
}

/** The text of a message item: its `output_text` parts (and refusals) joined. */
export function messageText(item: unknown): string {
  return arrayAt(item, 'content')
    .map((part) => (isJsonObject(part) ? (part.type === 'refusal' ? stringAt(part, 'refusal') : stringAt(part, 'text')) ?? '' : ''))
    .join('');
}

/** The readable text of a reasoning item: summary parts joined by a blank line, else its reasoning text. */
export function reasoningText(item: unknown): string {
  const summary = arrayAt(item, 'summary').map((part) => stringAt(part, 'text') ?? '');
  if (summary.some((text) => text !== '')) return summary.join('\n\n');
  return arrayAt(item, 'content')
    .map((part) => stringAt(part, 'text') ?? '')
    .join('');
}
