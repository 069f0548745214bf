import type { IncomingHttpHeaders } from 'node:http';
import { SpanKind, SpanStatusCode, TraceFlags, trace, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { QUOTA_PER_USD } from '../billing/pricing.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import { ChannelType } from '../providers/channel-facts.js';
import { callSettings } from '../settings.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import { IGNORED_CALL } from './observer.js';
import type { AttemptEnd, AttemptWatch, CallEnd, CallObserver, CallWatch, ObservedCall } from './observer.js';
import { tracingTo } from './trace-export.js';
import type { Tracing } from './trace-export.js';

/** `gen_ai.operation.name` by call family (the conventions' names where they have one). */
const OPERATIONS: Record<string, string> = { chat: 'chat', completions: 'text_completion', embeddings: 'embeddings' };

/** `gen_ai.provider.name` by channel type: the conventions' names where they have one, else the type's own name. */
const PROVIDERS: Record<number, string> = {
  [ChannelType.openai]: 'openai',
  [ChannelType.azure]: 'azure.ai.openai',
  [ChannelType.anthropic]: 'anthropic',
  [ChannelType.gemini]: 'gcp.gemini',
  [ChannelType.cohere]: 'cohere',
  [ChannelType.deepseek]: 'deepseek',
};
const TYPE_NAMES = new Map<number, string>(Object.entries(ChannelType).map(([name, type]) => [type, name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]));

function providerName(channel: ChannelRecord): string {
  return PROVIDERS[channel.type] ?? TYPE_NAMES.get(channel.type) ?? String(channel.type);
}

/**
 * OpenTelemetry traces of model calls: a span per call and a child span per upstream attempt,
 * with the GenAI semantic conventions' attributes, sent by OTLP/HTTP to the endpoint the
 * setting `otlp_traces_endpoint` names (read on each call: a change applies to the next one).
 * Off (no endpoint), a call costs one settings read and creates nothing.
 */
export class CallTracing implements CallObserver {
  private current: Tracing | undefined;
  private readonly fixed: Tracing | undefined;

  /** `exporter`: every call traced to it, whatever the settings (tests: an InMemorySpanExporter). */
  constructor(
    private readonly catalog: Pick<CallCatalog, 'revision' | 'settings'>,
    exporter?: SpanExporter,
  ) {
    this.fixed = exporter && tracingTo('', exporter);
  }

  begin(call: ObservedCall, headers?: IncomingHttpHeaders): CallWatch {
    const tracer = this.tracer();
    return tracer ? new TraceWatch(tracer, call, callerContext(headers?.traceparent)) : IGNORED_CALL;
  }

  /** Sends what is still buffered and stops. */
  async shutdown(): Promise<void> {
    const open = [this.fixed, this.current];
    this.current = undefined;
    await Promise.allSettled(open.map((tracing) => tracing?.provider.shutdown()));
  }

  private tracer(): Tracer | undefined {
    if (this.fixed) return this.fixed.tracer;
    const endpoint = callSettings(this.catalog).otlp_traces_endpoint;
    if (endpoint === (this.current?.endpoint ?? '')) return this.current?.tracer;
    const previous = this.current;
    this.current = endpoint ? tracingTo(endpoint) : undefined;
    void previous?.provider.shutdown().catch(() => {});
    return this.current?.tracer;
  }
}

class TraceWatch implements CallWatch {
  private readonly span: Span;
  private served: { channel: ChannelRecord; upstreamModel: string } | undefined;
  private done = false;

  constructor(
    private readonly tracer: Tracer,
    private readonly call: ObservedCall,
    parent: Context,
  ) {
    this.span = tracer.startSpan(call.family, { kind: SpanKind.SERVER, attributes: { 'relaydesk.family': call.family } }, parent);
  }

  reserved(): void {}

  attempt(channel: ChannelRecord, keyIndex: number, upstreamModel: string): AttemptWatch {
    const operation = operationOf(this.call);
    const span = this.tracer.startSpan(
      `${operation} ${upstreamModel}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': operation,
          'gen_ai.request.model': upstreamModel,
          'gen_ai.provider.name': providerName(channel),
          'relaydesk.channel.id': channel.id,
          'relaydesk.channel.name': channel.name,
          'relaydesk.channel.key_index': keyIndex,
          ...serverAddress(channel.base_url),
        },
      },
      trace.setSpan(ROOT_CONTEXT, this.span),
    );
    return {
      end: (outcome: AttemptEnd) => {
        if (outcome.ok) {
          this.served = { channel, upstreamModel };
          span.setAttributes({ 'http.response.status_code': 200, 'gen_ai.response.model': upstreamModel, 'relaydesk.first_byte_ms': Math.round(outcome.firstByteMs) });
        } else {
          span.setAttribute('http.response.status_code', outcome.status);
          failed(span, outcome.error);
        }
        span.end();
      },
    };
  }

  end(result: CallEnd): void {
    if (this.done) return;
    this.done = true;
    const operation = operationOf(this.call);
    const attributes: Attributes = {
      'gen_ai.operation.name': operation,
      'gen_ai.request.model': this.call.model,
      'http.response.status_code': result.status,
      'relaydesk.stream': this.call.stream,
    };
    if (this.served) {
      attributes['gen_ai.response.model'] = this.served.upstreamModel;
      attributes['gen_ai.provider.name'] = providerName(this.served.channel);
      attributes['relaydesk.channel.id'] = this.served.channel.id;
      attributes['relaydesk.channel.name'] = this.served.channel.name;
    }
    if (result.usage) {
      attributes['gen_ai.usage.input_tokens'] = result.usage.inputTokens;
      attributes['gen_ai.usage.output_tokens'] = result.usage.outputTokens;
      if (result.usage.cachedInputTokens) attributes['gen_ai.usage.cache_read.input_tokens'] = result.usage.cachedInputTokens;
      attributes['relaydesk.cost_usd'] = result.cost / QUOTA_PER_USD;
    }
    this.span.updateName(this.call.model ? `${operation} ${this.call.model}` : operation);
    this.span.setAttributes(attributes);
    if (result.error) failed(this.span, result.error);
    this.span.end();
  }
}

/** The client's trace, when its W3C `traceparent` names one: the call's span is then a child of the client's. */
function callerContext(traceparent: string | string[] | undefined): Context {
  const match = typeof traceparent === 'string' ? /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(traceparent.trim()) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16) & TraceFlags.SAMPLED, isRemote: true });
}

function operationOf(call: ObservedCall): string {
  return OPERATIONS[call.family] ?? call.family;
}

function failed(span: Span, error: RelayErrorInfo): void {
  span.setAttribute('error.type', error.code ?? error.kind);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

/** The upstream's host and port (never a path or credentials a base URL might carry). */
function serverAddress(baseUrl: string): Attributes {
  try {
    const url = new URL(baseUrl);
    return { 'server.address': url.hostname, 'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
  } catch {
    return {};
  }
}
