// OpenTelemetry traces of model calls: a span per call, a child span per upstream attempt,
// GenAI semantic-convention attributes; recorded by an in-memory exporter, and sent by OTLP
// over HTTP to a real local endpoint when the setting names one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { CallTracing } from '../../../relay/observability/tracing.js';
import { IGNORED_CALL } from '../../../relay/observability/observer.js';
import { fixedUsageUpstream } from './fixed-usage-upstream.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';

const OPENAI = 1;
const upstreams: FakeUpstream[] = [];

afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
});

async function fixedUsage(): Promise<FakeUpstream> {
  const upstream = await fixedUsageUpstream();
  upstreams.push(upstream);
  return upstream;
}

/** The owner's console session and an API key, with `channels` added. */
async function setUp(relay: TestRelay, channels: Parameters<typeof addChannel>[1][]) {
  const admin = await setupAndLogin(relay);
  for (const channel of channels) await addChannel(admin, channel);
  const created = await admin.call('POST', '/api/token/', { name: 'traced', unlimited_quota: true });
  return { admin, key: created.json.data.key as string };
}

async function ask(relay: TestRelay, key: string, model: string) {
  return new OpenAI({ apiKey: key, baseURL: relay.relayBaseUrl, maxRetries: 0 }).chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });
}

/** The spans once the call's own (the root) has ended: it ends after the answer is sent. */
async function spansOfCall(exporter: InMemorySpanExporter): Promise<{ call: ReadableSpan; attempts: ReadableSpan[] }> {
  await expect.poll(() => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER).length, { timeout: 10_000 }).toBe(1);
  const spans = exporter.getFinishedSpans();
  const call = spans.find((span) => span.kind === SpanKind.SERVER)!;
  const attempts = spans.filter((span) => span.kind === SpanKind.CLIENT);
  return { call, attempts };
}

describe('OpenTelemetry traces', () => {
  it('a served call: one call span with GenAI attributes, one child span for its attempt', async () => {
    const exporter = new InMemorySpanExporter();
    const upstream = await fixedUsage();
    const relay = await startTestRelay({ traceExporter: exporter });
    const { key } = await setUp(relay, [{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'main', model_mapping: { 'gpt-4o': 'gpt-4o-2024-08-06' } }]);
    await ask(relay, key, 'gpt-4o');

    const { call, attempts } = await spansOfCall(exporter);
    expect(call.name).toBe('chat gpt-4o');
    expect(call.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o-2024-08-06',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 5,
      'http.response.status_code': 200,
      'relaydesk.channel.name': 'main',
    });
    expect(call.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(call.parentSpanContext).toBeUndefined();
    expect(call.resource.attributes['service.name']).toBe('relaydesk');

    expect(attempts).toHaveLength(1);
    const attempt = attempts[0]!;
    expect(attempt.name).toBe('chat gpt-4o-2024-08-06');
    expect(attempt.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(attempt.spanContext().traceId).toBe(call.spanContext().traceId);
    expect(attempt.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-2024-08-06', 'gen_ai.provider.name': 'openai', 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
    // Never a key, never the prompt.
    const everything = JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes));
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('upstream-key');
    expect(everything).not.toContain('Hi');
  });

  it('a failed attempt is its own span with the error, and the call a failed call when nothing serves it', async () => {
    const exporter = new InMemorySpanExporter();
    const good = await fixedUsage();
    const bad = await startFakeOpenAIChat();
    upstreams.push(bad);
    bad.inject({ kind: 'status', status: 500, body: { error: { message: 'upstream broke', type: 'server_error' } } });
    const relay = await startTestRelay({ traceExporter: exporter });
    const { key } = await setUp(relay, [
      { type: OPENAI, upstream: bad, models: ['gpt-4o', 'gpt-4o-mini'], name: 'flaky', priority: 10 },
      { type: OPENAI, upstream: good, models: ['gpt-4o'], name: 'steady' },
    ]);

    await ask(relay, key, 'gpt-4o');
    const served = await spansOfCall(exporter);
    expect(served.attempts.map((span) => span.attributes['relaydesk.channel.name'])).toEqual(['flaky', 'steady']);
    const [failedAttempt, servedAttempt] = served.attempts;
    expect(failedAttempt!.status.code).toBe(SpanStatusCode.ERROR);
    expect(failedAttempt!.attributes['http.response.status_code']).toBe(500);
    expect(failedAttempt!.attributes['error.type']).toBeTruthy();
    expect(servedAttempt!.status.code).not.toBe(SpanStatusCode.ERROR);
    for (const attempt of served.attempts) expect(attempt.parentSpanContext?.spanId).toBe(served.call.spanContext().spanId);
    expect(served.call.attributes['relaydesk.channel.name']).toBe('steady');

    exporter.reset();
    await expect(ask(relay, key, 'gpt-4o-mini')).rejects.toBeTruthy();
    const failed = await spansOfCall(exporter);
    expect(failed.call.status.code).toBe(SpanStatusCode.ERROR);
    expect(Number(failed.call.attributes['http.response.status_code'])).toBeGreaterThanOrEqual(500);
    expect(failed.call.attributes['error.type']).toBeTruthy();
    expect(failed.call.attributes['gen_ai.usage.input_tokens']).toBeUndefined();
  });

  it("joins the client's trace when the call carries a W3C traceparent", async () => {
    const exporter = new InMemorySpanExporter();
    const upstream = await fixedUsage();
    const relay = await startTestRelay({ traceExporter: exporter });
    const { key } = await setUp(relay, [{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'main' }]);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${parentId}-01` },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.status).toBe(200);
    const { call, attempts } = await spansOfCall(exporter);
    expect(call.spanContext().traceId).toBe(traceId);
    expect(call.parentSpanContext?.spanId).toBe(parentId);
    expect(attempts[0]!.spanContext().traceId).toBe(traceId);
  });

  it('off (no endpoint set): a call creates no span at all', () => {
    const catalog = { revision: 1, settings: () => ({}) };
    const tracing = new CallTracing(catalog);
    // The shared do-nothing watch: no span, no object made for the call.
    expect(tracing.begin({ family: 'chat', model: 'gpt-4o', stream: false })).toBe(IGNORED_CALL);
  });

  it('with otlp_traces_endpoint set, spans are posted to that endpoint by OTLP/HTTP', async () => {
    const received: { path: string; contentType: string; body: string }[] = [];
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const upstream = await fixedUsage();
      const relay = await startTestRelay();
      const { key, admin } = await setUp(relay, [{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'main' }]);
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
      const saved = await admin.call('PUT', '/api/option/', { values: { otlp_traces_endpoint: endpoint } });
      expect(saved.json?.success).toBe(true);

      await ask(relay, key, 'gpt-4o');
      // Closing the relay sends what the batch still holds.
      await relay.close();
      expect(received.length).toBeGreaterThan(0);
      expect(received[0]!.path).toBe('/v1/traces');
      const posted = received.map((r) => r.body).join('\n');
      expect(posted).toContain('gen_ai.request.model');
      expect(posted).toContain('gpt-4o');
      expect(posted).toContain('relaydesk');
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });
});
