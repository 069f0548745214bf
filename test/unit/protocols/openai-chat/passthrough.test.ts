// A chat stream passed through: the answer's text kept for a local count when no usage comes,
// the usage chunk forwarded only when the client asked for it.
import { describe, expect, it } from 'vitest';
import { ChatPassthroughTap } from '../../../../relay/protocols/openai-chat/passthrough.js';

const event = (body: unknown) => {
  const data = JSON.stringify(body);
  return [`data: ${data}\n\n`, data] as const;
};

describe('chat pass-through tap', () => {
  it('keeps content, reasoning and tool-call text of the first choice for a count when the upstream reports no usage', () => {
    const tap = new ChatPassthroughTap(false);
    tap.forward(...event({ choices: [{ index: 0, delta: { role: 'assistant', reasoning_content: 'think ' } }] }));
    tap.forward(...event({ choices: [{ index: 0, delta: { content: 'hello' } }] }));
    tap.forward(...event({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] } }] }));
    expect(tap.answering).toBe(true);
    expect(tap.outputText).toBe('think hello[{"index":0,"function":{"arguments":"{}"}}]');
  });

  it('reads the usage chunk, dropping it when the client did not ask, and then needs no text', () => {
    const tap = new ChatPassthroughTap(false);
    tap.forward(...event({ choices: [{ index: 0, delta: { content: 'hello' } }] }));
    expect(tap.forward(...event({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } }))).toBe('');
    expect(tap.usage).toMatchObject({ inputTokens: 3, outputTokens: 1 });
    expect(tap.outputText).toBe('');
    const asked = new ChatPassthroughTap(true);
    const [raw, data] = event({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } });
    expect(asked.forward(raw, data)).toBe(raw);
  });
});
