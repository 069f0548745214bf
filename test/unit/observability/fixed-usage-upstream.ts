// An OpenAI-shaped chat upstream whose every answer reports the same usage, so that a test
// knows exactly what the relay's metrics and spans should count.
import { startFakeUpstream } from '../../fake-upstreams/harness.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';

/** Answers 10 input tokens (`cached` of them cached) and 5 output tokens. */
export function fixedUsageUpstream(cached = 0): Promise<FakeUpstream> {
  return startFakeUpstream((request) => ({
    json: {
      id: 'chatcmpl-fixed-usage',
      object: 'chat.completion',
      created: 1,
      model: request.body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, prompt_tokens_details: { cached_tokens: cached } },
    },
  }));
}
