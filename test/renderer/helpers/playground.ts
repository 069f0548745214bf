// A relay for the playground tests: the management API (the model list) through the fake API,
// and the calls the playground makes (/pg/… as the signed-in user, /v1/… with a pasted key)
// recorded and answered from a script, in turn.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { stubApi, type FakeApi } from './fake-api.js';

export interface PostedCall {
  path: string;
  headers: Record<string, string>;
  body: any;
}

/** An SSE answer in chat-completions chunks. */
export function sse(chunks: unknown[]): Response {
  const text = chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

export const textAnswer = (text: string) =>
  sse([
    { choices: [{ index: 0, delta: { role: 'assistant', content: text } }] },
    { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    { choices: [], usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } },
  ]);

/** `GET /api/models` answers test-model and other-model (change it with `api.on`); every other call gets `answers` in turn and is kept in `posted`. */
export function stubPlayground(answers: (() => Response)[]): { api: FakeApi; posted: PostedCall[] } {
  const api = stubApi().on('GET /api/models', [{ name: 'test-model' }, { name: 'other-model' }]);
  const managementFetch = globalThis.fetch;
  const posted: PostedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost:3000').pathname;
    if (path.startsWith('/api/')) return managementFetch(input, init);
    posted.push({ path, headers: { ...(init?.headers as Record<string, string>) }, body: JSON.parse(String(init?.body)) });
    const next = answers.shift();
    return next ? next() : new Response('{"error":{"message":"no answer scripted"}}', { status: 500 });
  });
  return { api, posted };
}

/** Types `message` into the chat composer and sends it. */
export async function send(message: string) {
  await userEvent.type(screen.getByLabelText('Message'), message);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}
