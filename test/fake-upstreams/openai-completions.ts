// OpenAI's legacy /v1/completions, as the OpenAI fake serves it (also under Azure's
// /openai/deployments/<name>/completions and DeepSeek's /beta/completions): prompts as a
// string, strings, token ids or token-id arrays, `n` choices per prompt numbered prompt by
// prompt, `echo`, `suffix`, `logprobs`, `stop`, `max_tokens` (default 16: a longer answer ends
// with finish_reason "length"), `best_of` (never streamed), and streams of text_completion
// chunks whose last chunk per choice carries the finish_reason, with the usage chunk
// (empty choices) only when asked. A token is a word with its leading space.
import { sse } from './harness.js';
import type { Answer, RecordedRequest } from './harness.js';

export function isCompletionsPath(path: string): boolean {
  return /\/completions$/.test(path) && !path.endsWith('/chat/completions');
}

type Prompt = string | number[];

export function completionsAnswer(request: RecordedRequest, { noUsage }: { noUsage: boolean }): Answer {
  const body = request.body ?? {};
  const refusal = invalidRequest(body);
  if (refusal) return { status: 400, json: { error: { message: refusal.message, type: 'invalid_request_error', param: refusal.param, code: null } } };
  const prompts: Prompt[] = typeof body.prompt === 'string' || body.prompt.every((p: unknown) => typeof p === 'number') ? [body.prompt] : body.prompt;
  const n: number = body.n ?? 1;
  const maxTokens: number = body.max_tokens ?? 16;
  const stops: string[] = body.stop === undefined || body.stop === null ? [] : [body.stop].flat();
  const choices = prompts.flatMap((prompt, p) => Array.from({ length: n }, (_, i) => complete(prompt, p * n + i, body, maxTokens, stops)));
  const promptTokens = prompts.reduce((sum: number, prompt) => sum + tokensOf(promptText(prompt)).length, 0);
  const completionTokens = choices.reduce((sum, choice) => sum + choice.generated.length, 0) * Math.max(1, (body.best_of ?? n) / n);
  const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  const base = { id: `cmpl-fake${Date.now()}`, object: 'text_completion', created: Math.floor(Date.now() / 1000), model: body.model, system_fingerprint: 'fp_fake' };
  if (!body.stream) {
    const json = { ...base, choices: choices.map(({ text, index, logprobs, finish }) => ({ text, index, logprobs, finish_reason: finish })) };
    return { json: noUsage ? json : { ...json, usage } };
  }
  const chunks: string[] = [];
  for (const choice of choices) {
    const pieces = [...(body.echo ? [promptText(choice.prompt)] : []), ...choice.generated];
    for (const piece of pieces) chunks.push(sse({ ...base, choices: [{ text: piece, index: choice.index, logprobs: body.logprobs === undefined || body.logprobs === null ? null : logprobsOf([piece], body.logprobs), finish_reason: null }] }));
    chunks.push(sse({ ...base, choices: [{ text: '', index: choice.index, logprobs: null, finish_reason: choice.finish }] }));
  }
  if (body.stream_options?.include_usage === true && !noUsage) chunks.push(sse({ ...base, choices: [], usage }));
  chunks.push('data: [DONE]\n\n');
  return { stream: { chunks } };
}

function invalidRequest(body: any): { message: string; param: string } | undefined {
  if (typeof body.model !== 'string') return { message: 'you must provide a model parameter', param: 'model' };
  const prompt = body.prompt;
  const tokens = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((t) => Number.isInteger(t));
  const validPrompt = typeof prompt === 'string' || tokens(prompt) || (Array.isArray(prompt) && prompt.length > 0 && prompt.every((p) => typeof p === 'string' || tokens(p)));
  if (!validPrompt) return { message: "'prompt' must be a string, an array of strings, or token arrays", param: 'prompt' };
  if (body.logprobs !== undefined && body.logprobs !== null && (body.logprobs < 0 || body.logprobs > 5)) return { message: 'logprobs must be between 0 and 5', param: 'logprobs' };
  if (body.best_of !== undefined && body.best_of !== null) {
    if (body.stream) return { message: 'best_of cannot be used with stream', param: 'best_of' };
    if (body.best_of < (body.n ?? 1)) return { message: 'best_of must be greater than or equal to n', param: 'best_of' };
  }
  return undefined;
}

function complete(prompt: Prompt, index: number, body: any, maxTokens: number, stops: string[]) {
  let answer = ` completed: ${promptText(prompt)}${body.suffix ? ` before ${body.suffix}` : ''}`;
  let finish = 'stop';
  for (const stop of stops) {
    const at = answer.indexOf(stop);
    if (at >= 0) answer = answer.slice(0, at);
  }
  let generated = tokensOf(answer);
  if (generated.length > maxTokens) {
    generated = generated.slice(0, maxTokens);
    finish = 'length';
  }
  const shown = body.echo ? [...tokensOf(promptText(prompt)), ...generated] : generated;
  const logprobs = body.logprobs === undefined || body.logprobs === null ? null : logprobsOf(shown, body.logprobs);
  return { prompt, index, generated, finish, logprobs, text: shown.join('') };
}

function logprobsOf(tokens: string[], top: number) {
  let offset = 0;
  const textOffset = tokens.map((token) => (offset += token.length) - token.length);
  return { tokens, token_logprobs: tokens.map(() => -0.5), top_logprobs: top > 0 ? tokens.map((token) => ({ [token]: -0.5 })) : null, text_offset: textOffset };
}

/** Token ids read back as `<id>` words. */
function promptText(prompt: Prompt): string {
  return typeof prompt === 'string' ? prompt : prompt.map((id) => ` <${id}>`).join('').trimStart();
}

function tokensOf(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}
