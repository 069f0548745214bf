// A whole answer passed through keeps its bytes: its usage is read out of the text. Each case is
// checked against what JSON.parse of the whole text says, or must decline (undefined) so that
// the caller parses the whole.
import { describe, expect, it } from 'vitest';
import { rootObjectMember } from '../../../relay/wire/json-member.js';

const usage = { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12, prompt_tokens_details: { cached_tokens: 2 } };

describe('the root object member read out of JSON text', () => {
  it("reads an OpenAI answer's usage, compact or indented, with text that looks like JSON in its strings", () => {
    const answer = {
      id: 'chatcmpl-1',
      choices: [{ index: 0, message: { role: 'assistant', content: 'say "usage": {"prompt_tokens": 1} and } ] { [ \\ done' } }],
      usage,
      service_tier: 'default',
      system_fingerprint: 'fp_}{',
    };
    for (const text of [JSON.stringify(answer), JSON.stringify(answer, null, 2), `\n  ${JSON.stringify(answer)}\r\n`]) {
      expect(rootObjectMember(text, 'usage')).toEqual(JSON.parse(text).usage);
    }
  });

  it('skips a member of the same name nested deeper, declining when the nested one comes last', () => {
    const nestedFirst = { content: [{ type: 'tool_use', input: { usage: { input_tokens: 99 } } }], usage: { input_tokens: 3 } };
    expect(rootObjectMember(JSON.stringify(nestedFirst), 'usage')).toEqual({ input_tokens: 3 });
    const nestedLast = { usage: { input_tokens: 3 }, content: [{ type: 'tool_use', input: { usage: { input_tokens: 99 } } }] };
    expect(rootObjectMember(JSON.stringify(nestedLast), 'usage')).toBeUndefined();
    const nestedInObject = { meta: { usage: { input_tokens: 99 } } };
    expect(rootObjectMember(JSON.stringify(nestedInObject), 'usage')).toBeUndefined();
  });

  it('declines what is not one object holding that member as an object', () => {
    for (const text of [
      '<html><body>502 Bad Gateway</body></html>',
      '[{"usage": {"a": 1}}]',
      '{"usage": null}',
      '{"usage": [1, 2]}',
      '{"usage": 5}',
      '{"type": "usage"}',
      '{"choices": []}',
      '{"usage": {"a": 1}', // cut short
      '{"usage": {"a": 1 2}}',
      '{"note": "quote \\"usage": {"a": 1}}',
      '',
    ]) {
      expect(rootObjectMember(text, 'usage'), text).toBeUndefined();
    }
  });

  it("reads Gemini's usageMetadata, which other members follow", () => {
    const answer = { candidates: [{ content: { parts: [{ text: 'hi' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 1 }, modelVersion: 'gemini-2.5-flash', responseId: 'r' };
    expect(rootObjectMember(JSON.stringify(answer), 'usageMetadata')).toEqual(answer.usageMetadata);
  });
});
