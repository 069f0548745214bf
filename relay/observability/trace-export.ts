import { createRequire } from 'node:module';
import type { Tracer } from '@opentelemetry/api';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as TraceSdk from '@opentelemetry/sdk-trace-base';
import type { BasicTracerProvider, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { version } from '../config/package-info.js';

// The OpenTelemetry SDK and its OTLP exporter are loaded the first time tracing is turned on,
// not with the relay: together they hold ~3 MB of heap and ~15 MB of resident memory that a
// relay without tracing (the default) would carry for nothing. Loaded synchronously (their
// CommonJS builds), once, so that the very call that finds tracing on is traced.
const load = createRequire(import.meta.url);

export interface Tracing {
  endpoint: string;
  provider: BasicTracerProvider;
  tracer: Tracer;
}

/** Traces sent to `exporter` (tests), or by OTLP/HTTP to `endpoint` in batches. */
export function tracingTo(endpoint: string, exporter?: SpanExporter): Tracing {
  const sdk = load('@opentelemetry/sdk-trace-base') as typeof TraceSdk;
  const { resourceFromAttributes } = load('@opentelemetry/resources') as typeof Resources;
  const processor = exporter ? new sdk.SimpleSpanProcessor(exporter) : new sdk.BatchSpanProcessor(new (load('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp).OTLPTraceExporter({ url: endpoint }));
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'relaydesk', 'service.version': version }),
    spanProcessors: [processor],
  });
  return { endpoint, provider, tracer: provider.getTracer('relaydesk', version) };
}
