// A fake OpenAI-compatible chat completions upstream: JSON and SSE as OpenAI sends them,
// tool calls, reasoning_content (DeepSeek-style), usage only when asked, its own error shape;
// a tiny /v1/embeddings (a fixed three-number vector per input) and /v1/moderations (openai-moderations.ts);
// /v1/rerank as vLLM serves it (jina.ts); legacy /v1/completions (openai-completions.ts); /v1/videos (openai-videos.ts);
// /v1/audio/speech, /transcriptions and /translations (openai-audio.ts); /v1/images/generations and /edits (openai-images.ts).
import { startFakeUpstream, sse } from './harness.js';
import type { FakeUpstream, RecordedRequest } from './harness.js';
import { completionsAnswer, isCompletionsPath } from './openai-completions.js';
import { answerJinaShapedRerank } from './jina.js';
import { moderationsAnswer } from './openai-moderations.js';
import { audioAnswer, isAudioPath } from './openai-audio.js';
import { imagesAnswer, isImagesPath } from './openai-images.js';
import { fakeVideoApi } from './openai-videos.js';
import type { FakeVideoApi } from './openai-videos.js';

export function lastUserText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) return m.content.filter((p: any) => p.type === 'text').map((p: any) => p.text).join('');
  }
  return '';
}

/** `apiKeys` is read on every call: a test may change which keys work. `chunkDelayMs` makes streams slow. `videos`: the video jobs it serves (a test's own, to watch or slow them). */
export async function startFakeOpenAIChat(options: { apiKey?: string; apiKeys?: string[]; path?: string; chunkDelayMs?: number; videos?: FakeVideoApi } = {}): Promise<FakeUpstream> {
  const path = options.path ?? '/v1/chat/completions';
  const videos = options.videos ?? fakeVideoApi();
  return startFakeUpstream((request: RecordedRequest, { noUsage }) => {
    const accepted = options.apiKeys ?? (options.apiKey ? [options.apiKey] : undefined);
    const presented = request.headers.authorization?.replace(/^Bearer /, '') ?? request.headers['api-key'];
    if (accepted && !accepted.includes(String(presented))) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided: sk-****.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } };
    }
    if (request.path === '/v1/embeddings') {
      const inputs: unknown[] = Array.isArray(request.body.input) ? request.body.input : [request.body.input];
      const data = inputs.map((_, index) => ({ object: 'embedding', index, embedding: [0.1, 0.2, 0.3] }));
      return { json: { object: 'list', data, model: request.body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } } };
    }
    if (request.path === '/v1/moderations') return moderationsAnswer(request);
    if (isAudioPath(request.path)) return audioAnswer(request, { chunkDelayMs: options.chunkDelayMs });
    if (isImagesPath(request.path)) return imagesAnswer(request);
    const video = videos.answer(request);
    if (video) return video;
    if (request.path === '/v1/rerank') return answerJinaShapedRerank(request, { documentsByDefault: true, id: 'rerank-vllm-fake' });
    if (isCompletionsPath(request.path) && request.path !== path) return completionsAnswer(request, { noUsage });
    if (request.path !== path) return { status: 404, json: { error: { message: `Unknown path ${request.path}`, type: 'invalid_request_error', param: null, code: null } } };
    const body = request.body;
    const model: string = body.model;
    const text = lastUserText(body);
    const toolResult = (body.messages as any[]).find((m) => m.role === 'tool');
    const wantsTool = Array.isArray(body.tools) && body.tools.length > 0 && text.includes('weather') && !toolResult;
    const reasoning = body.reasoning_effort ? 'Thinking about it.' : '';
    const repeat = /repeat (\d+)/.exec(text);
    let answer = toolResult ? `The tool said: ${toolResult.content}` : `Echo: ${text}`;
    if (body.response_format?.type === 'json_schema') answer = JSON.stringify({ answer: text });
    if (repeat) answer = 'word '.repeat(Number(repeat[1]));
    const promptTokens = JSON.stringify(body.messages).length >> 2;
    const completionTokens = Math.max(1, answer.length >> 2);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: reasoning ? 3 : 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    };
    const id = `chatcmpl-fake${request.headers['x-request-id'] ?? Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const toolCall = { id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
    if (!body.stream) {
      const message: any = { role: 'assistant', content: wantsTool ? null : answer, refusal: null };
      if (reasoning) message.reasoning_content = reasoning;
      if (wantsTool) message.tool_calls = [toolCall];
      return {
        json: {
          id, object: 'chat.completion', created, model,
          choices: [{ index: 0, message, logprobs: null, finish_reason: wantsTool ? 'tool_calls' : 'stop' }],
          ...(noUsage ? {} : { usage }),
          system_fingerprint: 'fp_fake',
        },
      };
    }
    const includeUsage = body.stream_options?.include_usage === true && !noUsage;
    const chunk = (delta: any, finish: string | null = null) =>
      sse({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...(includeUsage ? { usage: null } : {}) });
    const chunks = [chunk({ role: 'assistant', content: '', refusal: null })];
    if (reasoning) chunks.push(chunk({ reasoning_content: 'Thinking ' }), chunk({ reasoning_content: 'about it.' }));
    if (wantsTool) {
      chunks.push(chunk({ tool_calls: [{ index: 0, id: toolCall.id, type: 'function', function: { name: 'get_weather', arguments: '' } }] }));
      chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }));
      chunks.push(chunk({}, 'tool_calls'));
    } else {
      // Six characters a chunk, as a model's tokens come; an echo of a huge prompt in at most ~2,000 chunks.
      const size = Math.max(6, Math.ceil(answer.length / 2_000));
      for (let i = 0; i < answer.length; i += size) chunks.push(chunk({ content: answer.slice(i, i + size) }));
      chunks.push(chunk({}, 'stop'));
    }
    if (includeUsage) chunks.push(sse({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', choices: [], usage }));
    chunks.push('data: [DONE]\n\n');
    return { stream: { chunks, delayMs: options.chunkDelayMs } };
  });
}
