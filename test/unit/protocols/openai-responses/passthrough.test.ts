import { rootObjectMember } from '../../../../relay/wire/json-member.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SseEventSplitter } from '../../../../relay/pipeline/split-sse-events.js';
import { openaiResponsesCodec } from '../../../../relay/protocols/openai-responses/codec.js';
import { decodeResponsesRequest } from '../../../../relay/protocols/openai-responses/decode-request.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/openai-responses/${name}`, import.meta.url), 'utf8');
/** The same stream from an upstream that reports no usage. */
const withoutUsage = (text: string) => text.replace(/"usage":\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '"usage":null');

/** Feeds a recorded stream through the tap; reports what it saw after each event. */
function tapStream(text: string) {
  const { request, context } = decodeResponsesRequest({ model: 'm', input: 'x', stream: true });
  const tap = openaiResponsesCodec.passthrough!.createStreamTap(request, context);
  const splitter = new SseEventSplitter();
  let forwarded = '';
  const answeringAt: boolean[] = [];
  for (const event of [...splitter.push(Buffer.from(text)), ...splitter.end()]) {
    forwarded += tap.forward(event.raw, event.data);
    answeringAt.push(tap.answering);
  }
  return { tap, forwarded, answeringAt };
}

describe('responses pass-through tap', () => {
  it('forwards every byte, reads usage, text and the end', () => {
    const text = fixture('text.chunks.txt');
    const { tap, forwarded, answeringAt } = tapStream(text);
    expect(forwarded).toBe(text);
    expect(tap.finished).toBe(true);
    expect(tap.error).toBeUndefined();
    expect(tap.usage?.inputTokens).toBeGreaterThan(0);
    expect(tap.usage?.outputTokens).toBeGreaterThan(0);
    // With usage there is nothing to count locally.
    expect(tap.outputText).toBe('');
    // Not answering during response.created / in_progress: a failure there can still fail over.
    expect(answeringAt.slice(0, 2)).toEqual([false, false]);
    expect(answeringAt.at(-1)).toBe(true);
  });

  it('without usage: reads output text, tool arguments and reasoning as answer text', () => {
    const text = tapStream(withoutUsage(fixture('text.chunks.txt'))).tap;
    expect(text.usage).toBeUndefined();
    expect(text.finished).toBe(true);
    expect(text.outputText.length).toBeGreaterThan(0);
    expect(tapStream(withoutUsage(fixture('function-call.chunks.txt'))).tap.outputText).toMatch(/\{.*\}/);
    expect(tapStream(withoutUsage(fixture('reasoning.chunks.txt'))).tap.outputText.length).toBeGreaterThan(0);
  });

  it('an error event: the error, before any answer', () => {
    const { tap } = tapStream(fixture('error-event.chunks.txt'));
    expect(tap.answering).toBe(false);
    expect(tap.error).toMatchObject({ status: 429, kind: 'rate_limit', code: 'rate_limit_exceeded' });
  });

  it('response.failed: the error of the failed response', () => {
    const { tap } = tapStream(fixture('failed.chunks.txt'));
    expect(tap.error).toMatchObject({ kind: 'upstream', code: 'server_error', message: expect.stringContaining('server had an error') });
    expect(tap.finished).toBe(true);
  });

  it('events without `event:` lines are read from their data; answer text is counted only without usage', () => {
    const withoutNames = fixture('text.chunks.txt').replace(/^event: .*\r?\n/gm, '');
    const { tap, forwarded } = tapStream(withoutNames);
    expect(forwarded).toBe(withoutNames);
    expect(tap.finished).toBe(true);
    expect(tap.usage).toBeDefined();
    expect(tap.outputText).toBe('');
    const cut = tapStream(withoutUsage(withoutNames)).tap;
    expect(cut.usage).toBeUndefined();
    expect(cut.outputText.length).toBeGreaterThan(0);
  });

  it('a stream cut short is not finished', () => {
    expect(tapStream(fixture('cut-short.chunks.txt')).tap.finished).toBe(false);
  });

  it('whole answers: usage read out of the Response as it came', () => {
    const { usageMember, usageOf } = openaiResponsesCodec.passthrough!;
    const answer = JSON.parse(fixture('text.json'));
    expect(usageOf(rootObjectMember(fixture('text.json'), usageMember))).toMatchObject({ inputTokens: answer.usage.input_tokens, outputTokens: answer.usage.output_tokens });
    expect(usageOf(rootObjectMember('{"usage": null}', usageMember))).toBeUndefined();
  });

  it('the upstream request is the client body with the mapped model, at the upstream URL with its key', () => {
    const body = { model: 'client-model', input: 'x', stream: true, tools: [{ type: 'web_search' }], store: false };
    const upstream = openaiResponsesAdapter.buildPassthroughRequest!(body, { baseUrl: 'https://api.example.com/v1/', apiKey: 'sk-up', model: 'gpt-5-mini', settings: {} }, true);
    expect(upstream.url).toBe('https://api.example.com/v1/responses');
    expect(upstream.headers).toMatchObject({ authorization: 'Bearer sk-up', 'content-type': 'application/json' });
    expect(JSON.parse(upstream.body)).toEqual({ ...body, model: 'gpt-5-mini' });
  });
});
