import { createSseDecoder } from '../http/sse-decoder.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { StreamPart } from '../ir/stream-part.js';
import type { Usage } from '../ir/usage.js';
import type { ClientCodec, StreamEncoder } from '../protocols/types.js';
import type { ProviderAdapter } from '../providers/types.js';
import type { ClientStream } from './client-stream.js';
import { SseEventSplitter } from './split-sse-events.js';

/**
 * Moves one upstream stream to the client, chunk by chunk, and learns on the way what the
 * pipeline needs: usage, the answer's text (for a local count), and how it ended.
 */
export interface StreamPump {
  push(chunk: Buffer): void;
  /** The upstream closed its side. */
  end(): void;
  /** The upstream marked the end of its answer (not cut short). */
  readonly finished: boolean;
  readonly usage: Usage | undefined;
  readonly outputText: string;
  /** A failure before anything was sent: the call may still go to another channel. */
  readonly earlyError: RelayErrorInfo | undefined;
  /** A failure after the answer began, and whether the client already has it. */
  readonly lateError: RelayErrorInfo | undefined;
  readonly lateErrorSent: boolean;
  /** A well-formed error in the client's protocol, to end the stream with. */
  errorText(error: RelayErrorInfo): string;
}

const INCOMPLETE = 'upstream_stream_incomplete';

/** Same protocol on both sides: the upstream's events go out as they came, read on the way. */
export class PassthroughPump implements StreamPump {
  private readonly tap;
  private readonly splitter = new SseEventSplitter();
  earlyError: RelayErrorInfo | undefined;

  constructor(
    private readonly client: ClientStream,
    private readonly codec: ClientCodec,
    private readonly request: ChatRequest,
    private readonly codecContext: unknown,
    private readonly abort: () => void,
  ) {
    this.tap = codec.passthrough!.createStreamTap(request, codecContext);
  }

  push(chunk: Buffer): void {
    this.forward(this.splitter.push(chunk));
  }

  end(): void {
    this.forward(this.splitter.end());
  }

  get finished() {
    return this.tap.finished;
  }
  get usage() {
    return this.tap.usage;
  }
  get outputText() {
    return this.tap.outputText;
  }
  get lateError() {
    return this.client.committed ? this.tap.error : undefined;
  }
  /** The upstream's own error event was forwarded as it came. */
  get lateErrorSent() {
    return this.tap.error !== undefined;
  }

  errorText(error: RelayErrorInfo): string {
    return this.codec.createStreamEncoder(this.request, this.codecContext).error(error);
  }

  // One write per upstream chunk, not per event: a write is a syscall.
  private forward(events: { raw: string; data: string }[]): void {
    let out = '';
    for (const event of events) {
      out += this.tap.forward(event.raw, event.data);
      if (this.tap.error && !this.client.committed) {
        this.earlyError = this.tap.error;
        return this.abort();
      }
      if (this.tap.answering) this.client.commit();
    }
    this.client.write(out);
  }
}

/** Output that commits the answer: from here on the client has bytes and no failover is possible. */
function isOutput(part: StreamPart): boolean {
  return part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-call-start' || part.type === 'finish' || part.type === 'reasoning-signature';
}

/** Different protocols: upstream events → the adapter's IR parts → the client codec's events. */
export class TranslatingPump implements StreamPump {
  private readonly decoder;
  private readonly encoder: StreamEncoder;
  private readonly sse;
  private batch: StreamPart[] = [];
  finished = false;
  usage: Usage | undefined;
  outputText = '';
  earlyError: RelayErrorInfo | undefined;
  lateError: RelayErrorInfo | undefined;
  lateErrorSent = false;

  constructor(
    private readonly client: ClientStream,
    codec: ClientCodec,
    adapter: Pick<ProviderAdapter, 'createStreamDecoder'>,
    request: ChatRequest,
    codecContext: unknown,
    private readonly abort: () => void,
  ) {
    this.decoder = adapter.createStreamDecoder(request);
    this.encoder = codec.createStreamEncoder(request, codecContext);
    if (this.encoder.contentType) client.contentType = this.encoder.contentType;
    if (this.encoder.keepAlive) client.keepAliveText = this.encoder.keepAlive;
    this.sse = createSseDecoder((event) => {
      for (const part of this.decoder.push(event)) {
        if (part.type === 'finish' || part.type === 'error') this.finished = true;
        this.batch.push(part);
      }
    });
  }

  // The parts of one upstream chunk are encoded and written together.
  push(chunk: Buffer): void {
    this.sse.push(chunk);
    this.flushBatch();
  }

  end(): void {
    this.sse.end();
    this.flushBatch();
    if (!this.finished) {
      // The upstream stopped without finishing its answer: say so, do not fake a clean end.
      if (this.client.committed) this.lateError = { status: 502, kind: 'upstream', message: 'The upstream ended the stream before the answer was complete.', code: INCOMPLETE };
      else this.earlyError = { status: 502, kind: 'upstream', message: 'The upstream ended the stream without an answer.', code: INCOMPLETE };
    }
    if (!this.lateError) this.handle(this.decoder.end());
  }

  errorText(error: RelayErrorInfo): string {
    return this.encoder.error(error); // the same encoder: it knows how far its framing got
  }

  private flushBatch(): void {
    const parts = this.batch;
    this.batch = [];
    this.handle(parts);
  }

  private handle(parts: StreamPart[]): void {
    let out = '';
    for (const part of parts) {
      if (part.type === 'error') {
        if (!this.client.committed) {
          this.earlyError = part.error;
          return this.abort();
        }
        this.lateError = part.error;
        this.lateErrorSent = true; // the encoder writes it with this part
      }
      if (part.type === 'finish' && part.usage) this.usage = part.usage;
      if (part.type === 'usage') this.usage = part.usage;
      if (part.type === 'text-delta' || part.type === 'reasoning-delta') this.outputText += part.text;
      if (part.type === 'tool-call-delta') this.outputText += part.argumentsDelta;
      if (isOutput(part)) this.client.commit();
      out += this.encoder.encode(part);
    }
    this.client.write(out);
  }
}
