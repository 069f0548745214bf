// A chat completions upstream that bills like a real provider: it counts the prompt as OpenAI
// does (the chat format's per-message tokens included: 8 for "hi"), answers ANSWER_TOKENS
// tokens, or fewer when the output limit is lower, and reports exactly that. With max_tokens at
// most ANSWER_TOKENS it charges the most an upstream honouring max_tokens can.
import { encodeChat } from 'gpt-tokenizer/model/gpt-4o';
import { startFakeUpstream } from './harness.js';
import type { FakeUpstream } from './harness.js';

export const ANSWER_TOKENS = 20;

export async function startHonestChat(): Promise<FakeUpstream> {
  return startFakeUpstream((request) => {
    const body = request.body;
    const messages = (body.messages as { role: 'system' | 'user' | 'assistant'; content: string }[]).map((m) => ({ role: m.role, content: String(m.content) }));
    const limit: number = body.max_completion_tokens ?? body.max_tokens ?? Infinity;
    const tokens = Math.min(limit, ANSWER_TOKENS);
    const usage = { prompt_tokens: encodeChat(messages).length, completion_tokens: tokens, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const message = { role: 'assistant', content: ' word'.repeat(tokens) };
    const finish = tokens < ANSWER_TOKENS ? 'length' : 'stop';
    return { json: { id: 'chatcmpl-honest', object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, message, finish_reason: finish }], usage } };
  });
}
